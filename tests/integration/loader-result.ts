/** A loader's result, whether plain or wrapped by React Router's `data(value, init)`. */
export function unwrap<T>(result: T | { data: T; init: ResponseInit | null }): { page: T; init: ResponseInit | null } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { page: result.data, init: result.init };
  }
  return { page: result as T, init: null };
}
