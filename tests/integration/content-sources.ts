/** A record's sources as the editor needs them (at least one, each saying what it proves). */
export const testSources = [{ url: "https://www.example.gov/rules", supports: "The rules this test record states." }];

/** The same, as a submitted form names them. */
export const testSourceFields = {
  "sources[0].url": "https://www.example.gov/rules",
  "sources[0].supports": "The rules this test record states.",
};
