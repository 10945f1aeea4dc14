/** An in-memory stand-in for window.localStorage (unit tests run in Node). */
export function memoryStorage(): Storage & Record<string, string> {
  const store = {} as Storage & Record<string, string>;
  const hidden = (value: unknown) => ({ value, enumerable: false });
  Object.defineProperties(store, {
    getItem: hidden((key: string) => (Object.hasOwn(store, key) ? store[key] : null)),
    setItem: hidden((key: string, value: string) => {
      store[key] = String(value);
    }),
    removeItem: hidden((key: string) => {
      delete store[key];
    }),
    clear: hidden(() => {
      for (const key of Object.keys(store)) delete store[key];
    }),
    key: hidden((index: number) => Object.keys(store)[index] ?? null),
    length: { get: () => Object.keys(store).length, enumerable: false },
  });
  return store;
}
