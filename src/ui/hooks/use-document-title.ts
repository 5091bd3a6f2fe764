import { useEffect } from 'react';
import { useSettings } from '../app-services';

/** Sets the tab title: "Page · Product", or the product name alone. */
export function useDocumentTitle(page?: string): void {
  const { productName } = useSettings();
  useEffect(() => {
    document.title = page ? `${page} · ${productName}` : productName;
  }, [page, productName]);
}
