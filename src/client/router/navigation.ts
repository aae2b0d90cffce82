/** Full-page navigation, in one object so tests can observe it (jsdom cannot reload). */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
