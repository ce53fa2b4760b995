import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LeadAttention } from "./lead-attention";

let unsent = 0;
function Dashboard() {
  return (
    <LeadAttention counts={{ uncontacted: 1, overdueReply: 0, unassigned: 2, myDue: 0, unsentNotifications: unsent }} />
  );
}
const Stub = createRoutesStub([{ path: "/admin", Component: Dashboard }]);

const render = (count: number) => {
  unsent = count;
  return renderToStaticMarkup(<Stub initialEntries={["/admin"]} />);
};

describe("the dashboard's leads that need someone", () => {
  it("shows unsent lead e-mails to staff, linked to the mail view, only when there are some", () => {
    expect(render(0)).not.toContain("Lead e-mails to staff not sent");
    expect(render(3)).toMatch(/<a[^>]*href="\/admin\/mail"[^>]*>.*Lead e-mails to staff not sent.*3<\/span>/);
  });
});
