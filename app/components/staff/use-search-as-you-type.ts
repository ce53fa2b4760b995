import { useEffect, useRef } from "react";
import { useNavigation, useSubmit } from "react-router";

const SEARCH_DEBOUNCE_MS = 300;

/** The URL is replaced, not pushed, so Back leaves the list. */
export function useSearchAsYouType(listPath: string) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A link followed while a search still waits: the search must not fire after it and take the user back to the list.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("a[href]")) clearTimeout(timer.current);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
  const leaving = navigation.state !== "idle" && navigation.location?.pathname !== listPath;
  useEffect(() => {
    if (leaving) clearTimeout(timer.current);
  }, [leaving]);
  const searchNow = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  const searchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(searchNow, SEARCH_DEBOUNCE_MS);
  };
  const loading = navigation.state === "loading" && navigation.location.pathname === listPath;
  return { formRef, searchSoon, searchNow, loading };
}
