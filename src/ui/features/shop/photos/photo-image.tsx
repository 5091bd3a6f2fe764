import { useQuery } from '@tanstack/react-query';
import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { SHOP_MESSAGES } from '../../../../domain/shop/messages';
import { parseLocalPhotoUrl } from '../../../../domain/shop/photo-urls';
import { useService } from '../../../app-services';
import { cx } from '../../../components/cx';

/** An object URL for a Blob while the component shows it (revoked when it changes or unmounts). */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * What an <img> shows for a URL of a repair's imageUrls: the URL itself (https, the demo's images), or
 * for a photo the backend keeps on the device (`/local-photos/…`, PouchDB attachments), an object URL
 * of the bytes the openPhoto use case hands out. Null while loading; `failed` when it could not load.
 */
export function usePhotoSource(url: string): { src: string | null; failed: string | null } {
  const shop = useService('shop');
  const onDevice = parseLocalPhotoUrl(url) !== null;
  const opened = useQuery({
    queryKey: ['shop-photo', url],
    queryFn: () => shop.openPhoto(url),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: onDevice,
  });
  const value = opened.data?.ok ? opened.data.value : null;
  const objectUrl = useObjectUrl(value !== null && 'blob' in value ? value.blob : null);
  if (!onDevice) return { src: url, failed: null };
  if (opened.data && !opened.data.ok)
    return { src: null, failed: opened.data.message ?? SHOP_MESSAGES.photoLoadFailed };
  if (opened.isError) return { src: null, failed: SHOP_MESSAGES.photoLoadFailed };
  return { src: value !== null && 'url' in value ? value.url : objectUrl, failed: null };
}

/** A repair's photo by its URL (any backend); a placeholder while it loads, the reason when it cannot. */
export function PhotoImage({
  url,
  alt,
  className,
  ...rest
}: { url: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const { src, failed } = usePhotoSource(url);
  if (failed !== null)
    return (
      <span
        role="img"
        aria-label={`${alt}. ${failed}`}
        className={cx(
          'flex items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-600',
          className,
        )}
      >
        {failed}
      </span>
    );
  if (src === null)
    return (
      <span
        role="img"
        aria-label={alt}
        aria-busy="true"
        className={cx('block animate-pulse bg-slate-100', className)}
      />
    );
  return <img src={src} alt={alt} className={className} {...rest} />;
}
