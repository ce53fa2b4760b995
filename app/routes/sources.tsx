import { data } from "react-router";
import { sourceName } from "~/components/incentive-card";
import { Container } from "~/components/ui/container";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { SOURCES_SECTION_PREFIX } from "~/lib/sources-anchors";
import { throwIfDatabaseUnavailable } from "~/server/db/availability.server";
import { errorFields, log } from "~/server/log.server";
import { readSourcesIndex, type SourcedRecord, type SourcesIndex } from "~/server/queries/sources.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/sources";

export const headers = publicPageHeaders;

export const SOURCES_PATH = "/sources";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Sources and Review Dates",
    description:
      "The page that proves each statement on this site, what it proves, and the day we last checked it: every incentive, policy update, industry page and page text.",
    path: SOURCES_PATH,
  });
}

const EMPTY: SourcesIndex = { federal: [], state: [], policy: [], industries: [], blocks: [] };

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const db = await database(context);
    return { failed: false, index: await readSourcesIndex(db) };
  } catch (error) {
    log.error(errorFields(error), "Error loading the sources page");
    throwIfDatabaseUnavailable(error);
    return data({ failed: true, index: EMPTY }, { headers: DEGRADED_HEADERS });
  }
}

const GROUPS: { key: keyof SourcesIndex; id: string; heading: string }[] = [
  { key: "federal", id: `${SOURCES_SECTION_PREFIX}federal`, heading: "Federal incentives" },
  { key: "state", id: `${SOURCES_SECTION_PREFIX}state`, heading: "State and utility incentives" },
  { key: "policy", id: `${SOURCES_SECTION_PREFIX}policy-watch`, heading: "Policy Watch updates" },
  { key: "industries", id: `${SOURCES_SECTION_PREFIX}industries`, heading: "Industry pages" },
  { key: "blocks", id: `${SOURCES_SECTION_PREFIX}texts`, heading: "Banners and page texts" },
];

function RecordSources({ record }: { record: SourcedRecord }) {
  return (
    <li id={record.anchor} className="entry">
      <h3>{record.title}</h3>
      <p className="when">
        {record.shownAs} ·{" "}
        {record.lastReviewedAt ? `Last reviewed ${formatLongDate(record.lastReviewedAt)}` : "Not reviewed yet"}
      </p>
      {record.sources.length ? (
        <ul>
          {record.sources.map((source) => (
            <li key={source.url}>
              {source.supports} <a href={source.url}>{sourceName(source.url)}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">No source recorded yet.</p>
      )}
    </li>
  );
}

export default function Sources({ loaderData }: Route.ComponentProps) {
  const { failed, index } = loaderData;
  return (
    <>
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Sources and Review Dates</h1>
          <p className="mt-4 text-lg text-slate-200">
            Each statement on this site rests on a page you can read: the law, the agency's notice, the program's own
            page or the data behind an estimate. Here is every one, with what it proves and the day we last checked it.
          </p>
        </Container>
      </section>
      {/* Classes from app/app.css (.sources-page): some 130 entries and 400 links on one page. */}
      <Container width="wide" className="sources-page py-10">
        {failed ? (
          <p className="rounded-xl bg-slate-50 p-8 text-center text-lg text-slate-700" role="alert">
            The sources could not be loaded right now. Please try again in a minute.
          </p>
        ) : (
          <>
            <nav aria-label="Sections of this page">
              <ul className="flex flex-wrap gap-x-6 gap-y-2">
                {GROUPS.map((group) => (
                  <li key={group.id}>
                    <a
                      href={`#${group.id}`}
                      className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline"
                    >
                      {group.heading}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {GROUPS.map((group) => (
              <section key={group.id} aria-labelledby={group.id} className="mt-10">
                <h2 id={group.id} className="text-2xl font-bold text-navy-900">
                  {group.heading}
                </h2>
                <ul className="mt-4">
                  {index[group.key].map((record) => (
                    <RecordSources key={record.anchor} record={record} />
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </Container>
    </>
  );
}
