import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { isUuid } from "~/lib/ids";
import type { ToastMessage } from "~/lib/toast";
import { saveViewSchema } from "~/lib/validation/staff-forms";
import type { AppDatabase } from "../db/client.server";
import { deleteView, MAX_SAVED_VIEWS, saveView, setDefaultView } from "../queries/saved-views.server";

export type ViewAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const VIEW_INTENTS = ["save-view", "delete-view", "default-view"] as const;
export const isViewIntent = (intent: unknown): intent is (typeof VIEW_INTENTS)[number] =>
  (VIEW_INTENTS as readonly unknown[]).includes(intent);

const refused = (title: string, description?: string) => ({
  status: 400,
  answer: { toast: { title, description, variant: "destructive" } } satisfies ViewAnswer,
});
const done = (title: string) => ({
  status: 200,
  answer: { toast: { title, variant: "success" } } satisfies ViewAnswer,
});

export async function savedViewAction(
  db: AppDatabase,
  userId: string,
  intent: (typeof VIEW_INTENTS)[number],
  form: FormData,
): Promise<{ status: number; answer: ViewAnswer }> {
  if (intent === "save-view") {
    const submission = parseWithZod(form, { schema: saveViewSchema });
    if (submission.status !== "success") return { status: 400, answer: { result: submission.reply() } };
    if (!(await saveView(db, userId, submission.value.name, submission.value.query ?? ""))) {
      const tooMany = `At most ${MAX_SAVED_VIEWS} views: remove one first.`;
      return { status: 409, answer: { result: submission.reply({ fieldErrors: { name: [tooMany] } }) } };
    }
    return {
      status: 200,
      answer: {
        ...done(`View "${submission.value.name}" saved`).answer,
        result: submission.reply({ resetForm: true }),
      },
    };
  }
  const id = String(form.get("viewId") ?? "");
  if (intent === "delete-view") {
    return isUuid(id) && (await deleteView(db, userId, id)) ? done("View removed") : refused("No such view");
  }
  const none = id === "none";
  if (!none && !isUuid(id)) return refused("No such view");
  return (await setDefaultView(db, userId, none ? null : id))
    ? done(none ? "No default view" : "Default view set")
    : refused("No such view");
}
