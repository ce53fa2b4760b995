import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { industries } from "./content/industries";

export default [
  layout("routes/public-shell.tsx", [
    index("routes/home.tsx"),
    route("incentives", "routes/incentives.tsx"),
    route("incentives/states", "routes/incentives-states.tsx"),
    route("incentives/buyers-guide", "routes/buyers-guide.tsx"),
    route("incentives/states/:state", "routes/incentives-state.tsx"),
    route("how-it-works", "routes/how-it-works.tsx"),
    route("policy-watch", "routes/policy-watch.tsx"),
    route("solar-calculator", "routes/solar-calculator.tsx"),
    route("calculator", "routes/calculator-redirect.ts"),
    route("check-my-quote", "routes/check-my-quote.tsx"),
    route("talk-to-solar-advisor", "routes/talk-to-solar-advisor.tsx"),
    route("thank-you", "routes/thank-you.tsx"),
    route("mission", "routes/mission.tsx"),
    route("about", "routes/about.tsx"),
    route("sources", "routes/sources.tsx"),
    route("free-estimate", "routes/free-estimate.tsx"),
    route("submit-bill", "routes/submit-bill.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    route("snooze", "routes/snooze.tsx"),
    // One module, 18 paths: each industry page gets its own route id.
    ...industries.map((industry) => route(industry.slug, "routes/industry.tsx", { id: `industry/${industry.slug}` })),
    route("*", "routes/not-found.tsx"),
  ]),
  // Section guards (decision 0012) narrow roles by layout; only the dashboard sits directly under the admin
  // layout (tests/integration/staff-roles.isolated.test.ts fails on any other route placed there).
  layout("routes/staff-shell.tsx", [
    route("login", "routes/login.tsx"),
    route("login/two-factor", "routes/login-two-factor.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("accept-invitation", "routes/accept-invitation.tsx"),
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/home.tsx"),
      // Admin only: anything that shows a lead or a bill, and what runs the site.
      layout("routes/admin/leads-area.tsx", [
        route("leads", "routes/admin/leads.tsx"),
        route("leads/board", "routes/admin/board.tsx"),
        route("leads/blocked", "routes/admin/blocked.tsx"),
        route("leads/:kind/:id", "routes/admin/lead.tsx"),
        route("leads/export.csv", "routes/admin/leads-csv.ts"),
        route("bills/:id", "routes/admin/bill-file.ts"),
        route("mail", "routes/admin/mail.tsx"),
        route("mail/templates", "routes/admin/email-templates.tsx"),
        route("accounts", "routes/admin/accounts.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        route("webhooks", "routes/admin/webhooks.tsx"),
        route("privacy", "routes/admin/privacy.tsx"),
        route("privacy/export", "routes/admin/privacy-export.ts"),
      ]),
      layout("routes/admin/account-area.tsx", [route("account", "routes/admin/account.tsx")]),
      layout("routes/admin/content-area.tsx", [
        route("content", "routes/admin/content.tsx"),
        route("content/:kind", "routes/admin/content-list.tsx"),
        route("content/:kind/:id", "routes/admin/content-editor.tsx"),
      ]),
    ]),
  ]),
  route("logout", "routes/logout.ts"),
  route("api/auth/*", "routes/api-auth.ts"),
  route("guides/top-10-hidden-solar-incentives-by-industry.pdf", "routes/guide-pdf.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("api/page-view", "routes/api-page-view.ts"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
] satisfies RouteConfig;
