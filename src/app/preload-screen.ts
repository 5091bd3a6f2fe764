import { preloadScreen } from '../ui/routing/screens';

/*
 * Imported by main.tsx right after no-eval and before React: the current page's screen starts
 * downloading while the first script is still being evaluated (the router later finds it loaded).
 */
preloadScreen(window.location.pathname);
