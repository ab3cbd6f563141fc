/**
 * The signed-in key lives in this tab's session storage only: never a cookie (nothing sends it implicitly) and never
 * the URL (nothing logs or shares it). Closing the tab signs out.
 */
const KEY = 'mnemo.console.key';
const TAG = 'mnemo.console.tag';

export const storedKey = (): string | null => sessionStorage.getItem(KEY);
export const storeKey = (key: string): void => sessionStorage.setItem(KEY, key);
export const forgetKey = (): void => {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(TAG);
};
export const storedTag = (): string | null => sessionStorage.getItem(TAG);
export const storeTag = (tag: string | null): void => (tag ? sessionStorage.setItem(TAG, tag) : sessionStorage.removeItem(TAG));
