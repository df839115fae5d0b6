/** Scrolls the window to the top; every navigation and the logo on the home page use it. */
export function scrollToTop(behavior: ScrollBehavior = 'auto'): void {
  window.scrollTo({ top: 0, left: 0, behavior });
}
