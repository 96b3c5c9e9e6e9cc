/**
 * A markdown draft as the plain text a post needs: links become "text url", emphasis, headings,
 * quotes and code marks go, paragraphs stay. Single underscores are kept (snake_case, URLs).
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code: keep the code, drop the fences.
      .replace(/^```[^\n]*\n?/gm, '')
      // Images: their description, if any.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Links: "text url", or the url alone when it is the text.
      .replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_m, text: string, url: string) =>
        text === url ? url : `${text} ${url}`,
      )
      .replace(/^#{1,6}\s+/gm, '')
      .replace(/^>\s?/gm, '')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^*\w])\*(?=\S)([^*\n]*?\S)\*(?!\*)/g, '$1$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/^\s*[-*+]\s+/gm, '• ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
