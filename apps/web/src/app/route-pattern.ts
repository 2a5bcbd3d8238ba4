/**
 * The route pattern of a page from the router's matches (`/app/bikes/:bikeId`): what measurement
 * reports instead of the address, which may hold ids.
 */
export function routePatternOf(matches: ReadonlyArray<{ route: { path?: string } }>): string {
  let pattern = '';
  for (const match of matches) {
    const path = match.route.path;
    if (!path) continue;
    pattern = path.startsWith('/') ? path : `${pattern.replace(/\/$/, '')}/${path}`;
  }
  return pattern || '/';
}
