/**
 * A load (usually a chunk of its own) started by the first caller and shared by every later one; a failed
 * load (the network went away) is tried again by the next call. What a load does on success or failure
 * (keep the module, tell listeners) belongs inside `load`, so it runs once per attempt.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
