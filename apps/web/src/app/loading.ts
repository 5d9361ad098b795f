/** How "Loading..." looks, in the page's HTML before the app runs (vite.config.ts) and while a screen's code loads. */
export const loadingClassName = 'p-6 text-sm text-slate-600';
