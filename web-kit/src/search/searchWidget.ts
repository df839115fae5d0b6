/** The search widget the `search` remote exposes; the landing page and the dashboard embed it. */
export const SEARCH_WIDGET_MODULE = 'search/SearchWidget';

export interface SearchWidgetProps {
  /** Public mode: /api/search/public, private fields absent, Contact asks the visitor to sign in. */
  publicMode?: boolean;
  /** Runs the search once on mount, as soon as the from-airport is set (public mode). */
  autoSearch?: boolean;
  /** Called with the service name when a signed-out visitor presses Contact; without it, /login. */
  onLoginRequest?: (service: string) => void;
}
