import { isValidElement, type ReactNode } from "react";

/**
 * The words of a piece of React content, for structured data that wants plain text (an FAQ's answers are
 * written as JSX with links and emphasis): strings and numbers kept, elements replaced by their children,
 * whitespace collapsed. Walks the tree itself, so it runs in the browser too without a server renderer.
 */
export function plainText(node: ReactNode): string {
  return words(node).replace(/\s+/g, " ").trim();
}

function words(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) return node.map((n: ReactNode) => words(n)).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) {
    // Block elements end a sentence's run of words: keep a space between paragraphs and list items.
    const block = typeof node.type === "string" && /^(p|li|ul|ol|div|br|h\d)$/.test(node.type);
    const inner = words(node.props.children);
    return block ? ` ${inner} ` : inner;
  }
  return "";
}
