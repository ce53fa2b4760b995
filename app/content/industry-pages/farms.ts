import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "farms",
  title: "Commercial Solar for Farms & Agriculture",
  subtitle: "Solar sized to your pumps, barns and coolers, with the federal and USDA rules that apply to farms today.",
  metaDescription:
    "Farm solar for irrigation, dairy and cold storage loads: the 48E credit's end-2027 in-service deadline and current USDA REAP limits.",
  intro:
    "A farm's power bill is driven by a few heavy loads: irrigation pumps through the summer, milk cooling and vacuum pumps in the dairy, ventilation fans in poultry and hog barns, grain dryer fans and augers at harvest, and coolers for produce. Solar on barn and shed roofs, or on the ground where the rules allow, produces most in the months when pumps and fans run hardest. Because exported power often earns less than retail, the best farm systems are sized to what the farm itself uses.",
  heroImageAlt: "Illustration of solar panels on a machine-shed roof beside a grain bin and an irrigation pivot",
  benefits: [
    {
      icon: "droplets",
      title: "Matches the irrigation season",
      description:
        "Solar output peaks from late spring to early fall, when irrigation pumps and barn fans run most. Some states let one system offset several meters on the same farm; check your state's page for its rules.",
    },
    {
      icon: "trending-down",
      title: "Lower, steadier operating costs",
      description:
        "A system sized to the farm's use replaces power you would otherwise buy, and the power you make yourself is not exposed to future rate increases; the savings calculator estimates the share of your bill from your own figures.",
    },
    {
      icon: "tractor",
      title: "Uses roofs you already have",
      description:
        "Machine sheds, hay barns, poultry houses and shop roofs often have room for a system without taking any ground out of production.",
    },
    {
      icon: "battery",
      title: "Keeps critical loads running",
      description:
        "Paired with a battery, solar can keep milk coolers, well pumps or barn ventilation running through short outages and trim demand charges when large motors start. Batteries add cost, so size them to the loads that matter most.",
    },
  ],
  incentives: [
    {
      title: "Federal investment tax credit (Section 48E)",
      description:
        "A 6% base credit, rising to 30% of eligible cost for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules. The window to qualify by beginning construction closed on July 4, 2026, so a new farm system must be placed in service by December 31, 2027, and its equipment must pass the prohibited-foreign-entity rules that apply to projects beginning construction after 2025. Farms without enough federal tax to use the credit can sell it to an unrelated buyer for cash.",
    },
    {
      title: "USDA Rural Energy for America Program (REAP)",
      description:
        "Open to agricultural producers and rural small businesses. Grants cover up to 25% of eligible cost from regular funds; the 50% share applied only to awards funded by the Inflation Reduction Act, and that money is running out. USDA delayed its FY2026 application windows, and since August 2025 ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Costs incurred before USDA receives an application are generally not eligible, so confirm the current round with your USDA state office before you buy.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "Permanent for qualifying property acquired after January 19, 2025: a farm business can generally deduct the depreciable cost in the year the system is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "Depending on the state, farms may find property or sales tax exemptions, performance payments, utility rebates or rules that let one system offset several farm meters. Export rates and sizing limits also differ widely, so check your state's page before sizing a system.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Barn and machine-shed roofs",
      description:
        "Shop, machine-shed and hay-barn roofs often suit systems of 20 to 150 kW without using crop ground. Check the roof's condition and structure first, and on livestock housing specify modules and mounts rated for ammonia and moisture.",
    },
    {
      icon: "droplets",
      title: "Irrigation and well pumps",
      description:
        "Pump loads often sit on their own meters away from the farmyard. A small ground mount beside the pump, on land that is not certified cropland, can serve that meter directly; keep it at 50 kW or less if you hope to use REAP, and check your utility's rules for remote meters.",
    },
    {
      icon: "snowflake",
      title: "Dairy, produce coolers and cold storage",
      description:
        "Milk cooling, vacuum pumps, water heating and walk-in coolers run every day of the year, which gives solar a steady daytime load to offset. Plate coolers, variable-speed vacuum pumps and compressor heat recovery are worth doing alongside it.",
    },
    {
      icon: "fan",
      title: "Poultry and hog barns",
      description:
        "Tunnel ventilation fans and lighting drive summer peaks. Panels on the houses offset those loads, and a battery can carry critical fans through a short outage while your standby generator starts.",
    },
  ],
  example: {
    title: "60 kW rooftop system on a dairy's machine shed",
    summary:
      "An illustrative dairy in Wisconsin with a $2,200 monthly electric bill puts 60 kW on its machine-shed roof, less than the farm uses, to offset milk cooling, vacuum pumps and barn fans. No REAP grant is counted.",
    state: "WI",
    monthlyBillUsd: 2200,
    systemKw: 60,
  },
  faq: [
    {
      question: "Can my farm still get a USDA REAP grant for solar?",
      answer:
        "Possibly, but budget cautiously. REAP is open to agricultural producers and rural small businesses, and regular funds cover up to 25% of eligible cost; the 50% share came from Inflation Reduction Act money that is running out. USDA delayed its FY2026 application windows, and since August 2025 ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. A rooftop system sized to the farm's own use is the best fit. Ask your USDA Rural Development state office which windows are open.",
    },
    {
      question: "Is there a deadline for the federal solar tax credit?",
      answer:
        "Yes. A new solar system must be placed in service by December 31, 2027 to claim the Section 48E credit; the option to qualify by beginning construction ended on July 4, 2026. Utility interconnection, permits and equipment delivery take months, so leave room in the schedule. The credit is 30% for systems under 1 MW(ac), or larger systems that meet prevailing wage and apprenticeship rules, and 6% otherwise, and the equipment must pass the prohibited-foreign-entity rules.",
    },
    {
      question: "Should we build more than the farm uses and sell the extra power?",
      answer:
        "Usually not. In many states exported power is credited at net billing or avoided-cost rates well below what you pay for power, and some states cap system size at your annual use. Sizing to on-site load, with a battery where demand charges are high, usually gives a better return. Your state's page describes its net metering rules.",
    },
    {
      question: "Can we use the credit in a year with little taxable income?",
      answer:
        "Unused credit can generally be carried to other tax years, and a business can sell eligible credits to an unrelated buyer for cash. How the credit and depreciation flow to owners depends on how the farm is organized, so review the plan with your tax professional before signing a contract.",
    },
  ],
  ctaText:
    "Send us a year of your farm's electric bills, including pump and barn meters, and we will show what a system sized to your loads would save and which incentives still apply.",
  reviewedOn: "2026-11-23",
};
