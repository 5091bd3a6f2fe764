import type { ComponentType } from 'react';

/** A route component whose code is its own chunk, with the `preload` the router calls before rendering. */
export interface ScreenComponent {
  (props: object): React.ReactNode;
  preload(): Promise<void>;
}

/**
 * Like TanStack Router's lazyRouteComponent, without React's `use()`: the router preloads the chunk
 * before it renders the route, so the component is ready; if it renders earlier (a pending view, a
 * retry), it suspends by throwing the loading promise, which React 19 accepts without the warning it
 * gives a `use()` that is not called again once the promise has settled. A failed download is thrown
 * as an error (the route offers Retry, which downloads again).
 */
export function screenComponent<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): ScreenComponent {
  let Loaded: ComponentType<object> | null = null;
  let loading: Promise<void> | null = null;
  let failure: unknown = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType<object>;
        failure = null;
      },
      (error: unknown) => {
        failure = error;
        loading = null;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, like React.lazy
  const Screen = (props: object) => {
    if (Loaded !== null) return <Loaded {...props} />;
    if (failure !== null) {
      const error = failure;
      failure = null;
      throw error;
    }
    throw preload();
  };
  Screen.preload = preload;
  return Screen;
}
