import type { BusinessDetails } from "~/lib/business-details";
import { disclosures, site } from "./site";

/**
 * Built-in contact details and disclosure, placeholders until an admin saves the firm's own. A
 * module of its own so the public pages' script, which reads site.ts, does not carry them.
 */
export const builtInBusinessDetails: BusinessDetails = {
  email: site.contact.email,
  phone: site.contact.phone,
  address: site.contact.address,
  bookingUrl: site.bookingUrl,
  marketplaceDisclosure: disclosures.marketplace,
  // The spec's promise; the firm confirms or clears it at /admin/settings.
  replyHours: 24,
};
