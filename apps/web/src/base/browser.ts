/** Full-page navigations, behind one object so tests can watch them (jsdom cannot navigate). */
export const browser = {
  /** go to the sign-in address */
  setHref(url: string): void {
    window.location.href = url;
  },
  /** leave the app after signing out */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** drop any service worker left by an earlier version of the app */
  async unregisterServiceWorkers(): Promise<void> {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  },
};
