/** For a <dl>. */
export function Definition({ term, details }: { term: string; details: string }) {
  return (
    <div>
      <dt className="font-semibold text-navy-900">{term}</dt>
      <dd className="mt-1 text-slate-700">{details}</dd>
    </div>
  );
}
