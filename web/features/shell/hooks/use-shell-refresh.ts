import { useEffect } from "react";
import { useShell } from "../../../stores/shell-context";
import { getShell } from "../api/get-shell";

/** When the server render had no shell data (e.g. an old Worker), fetch it once in the browser. */
export function useShellRefresh() {
  const { ready, replaceShell } = useShell();
  useEffect(() => {
    if (ready) return;
    const ctrl = new AbortController();
    getShell(ctrl.signal)
      .then((data) => replaceShell(data))
      .catch(() => {
        if (!ctrl.signal.aborted) replaceShell(null);
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the server sent no shell
  }, [ready]);
}
