import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { TreatmentCollection } from "../../shared/generated/collection";
import { initialCollection, loadCollection } from "./load";

/**
 * A treatment collection for a component: what it can render with at once (already loaded, or
 * the data a prerendered page carries), then the whole file once it has loaded.
 */
export function useCollection(file: string): TreatmentCollection | undefined {
  const { pathname } = useLocation();
  const [data, setData] = useState<TreatmentCollection | undefined>(() => initialCollection(file, pathname));
  useEffect(() => {
    let live = true;
    loadCollection(file).then((loaded) => live && setData(loaded));
    return () => {
      live = false;
    };
  }, [file]);
  return data;
}
