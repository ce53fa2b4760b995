import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { answerOf, formPost, ORIGIN } from "./staff-action";

type Context = ReturnType<typeof import("./staff-action").adminContextOf>;

/** A lead's page as its tests call it: a form posted to its action, and its loader's data. */
export function leadPage(context: () => Context) {
  return {
    act: (kind: string, id: string, fields: Record<string, string>) =>
      answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/${kind}/${id}`, fields),
          params: { kind, id },
          context: context(),
        } as never),
      ),
    open: (kind: string, id: string) =>
      leadLoader({
        request: new Request(`${ORIGIN}/admin/leads/${kind}/${id}`),
        params: { kind, id },
        context: context(),
      } as never),
  };
}
