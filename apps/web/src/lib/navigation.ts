/*
 * Code outside React (the API client, the session timer) must be able to navigate. The router
 * registers its navigate function here at start-up; before that, a plain page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** History state for the next page (lost on a plain page load, so only for nice-to-haves). */
  state?: unknown;
}

type Navigate = (href: string, options?: NavigateOptions) => Promise<void> | void;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export async function navigateTo(href: string, options?: NavigateOptions): Promise<void> {
  if (navigator) await navigator(href, options);
  else if (options?.replace) window.location.replace(href);
  else window.location.assign(href);
}

/** The address the user is on now, as path + query + hash. */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
