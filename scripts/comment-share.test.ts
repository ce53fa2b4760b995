import { execFileSync } from "node:child_process";
import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Comment characters in one file, read by TypeScript's parser (so strings and JSX are not comments). */
function commentChars(fileName: string, text: string): number {
  const kind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const comments = new Map<number, number>();
  const collect = (pos: number) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, pos) ?? []),
    ];
    for (const range of ranges) comments.set(range.pos, range.end - range.pos);
  };
  const visit = (node: ts.Node) => {
    collect(node.pos);
    collect(node.end);
    // `{/* … */}` has no child to stand before: read after its brace.
    if (ts.isJsxExpression(node)) collect(node.getStart(source) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...comments.values()].reduce((sum, length) => sum + length, 0);
}

describe("comment share", () => {
  it("counts line, block and JSX comments but not comment-like strings", () => {
    const text = 'const a = "// no"; // yes\n/* yes */\nconst b = <p>{/* yes */}</p>;\n';
    expect(commentChars("x.tsx", text)).toBe("// yes".length + "/* yes */".length * 2);
  });

  it("keeps comments at most 8% of the characters in app/ and server/", () => {
    const files = execFileSync("git", ["ls-files", "app/*.ts", "app/*.tsx", "server/*.ts"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file && fs.existsSync(file));
    let total = 0;
    let comments = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      total += text.length;
      comments += commentChars(file, text);
    }
    expect(files.length).toBeGreaterThan(300);
    expect(Math.round((1000 * comments) / total) / 10).toBeLessThanOrEqual(8);
  });
});
