import { displayOrDash, formatBill } from "./lead-workspace";
import { answerLabels } from "./options";

export type Attribution = {
  sourcePage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
};
type BillLead = Attribution & {
  businessName: string;
  contactName: string;
  email: string;
  phone: string | null;
  monthlyEnergyBill: number | null;
};
type FormLead = Attribution & {
  name: string;
  email: string;
  phone: string | null;
  industry: string | null;
  state: string | null;
  solarReadiness: string | null;
  question: string | null;
};

export function leadDetailRows(lead: BillLead | FormLead) {
  const fields: [string, string][] =
    "businessName" in lead
      ? [
          ["Business Name", lead.businessName],
          ["Contact Name", lead.contactName],
          ["Email", lead.email],
          ["Phone", displayOrDash(lead.phone)],
          ["Monthly Bill", formatBill(lead.monthlyEnergyBill)],
        ]
      : [
          ["Name", lead.name],
          ["Email", lead.email],
          ["Phone", displayOrDash(lead.phone)],
          ["Industry", displayOrDash(answerLabels.industry(lead.industry))],
          ["State", displayOrDash(answerLabels.state(lead.state))],
          ["Solar readiness", displayOrDash(answerLabels.solarReadiness(lead.solarReadiness))],
          ["Question", displayOrDash(lead.question)],
        ];
  const attribution: [string, string][] = [
    ["Source page", displayOrDash(lead.sourcePage)],
    ["Referrer", displayOrDash(lead.referrer)],
    ["UTM source", displayOrDash(lead.utmSource)],
    ["UTM medium", displayOrDash(lead.utmMedium)],
    ["UTM campaign", displayOrDash(lead.utmCampaign)],
    ["UTM term", displayOrDash(lead.utmTerm)],
    ["UTM content", displayOrDash(lead.utmContent)],
  ];
  return { fields, attribution };
}
