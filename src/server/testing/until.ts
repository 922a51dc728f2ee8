/** Polls until `read` answers something (the state under test), however long the loaded machine takes. */
export async function until<T>(read: () => Promise<T | undefined>, everyMs = 200): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
