import { safeLinkUrl } from '@plume/core';
import Markdown, { type Components } from 'react-markdown';

// Raw HTML in a draft is dropped (skipHtml); images show their alt text, so a draft loads nothing.
const components: Components = {
  a: ({ href, children }) =>
    // A blanked URL (a protocol the spec does not allow) keeps the text, without a link.
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <span>{alt}</span>,
};

/** A draft as markdown: links only for http(s), irc(s), mailto, xmpp or relative URLs. */
export function DraftMarkdown({ text }: { text: string }) {
  return (
    <div className="draft-markdown space-y-2 [overflow-wrap:anywhere] text-sm leading-relaxed [&_a]:text-violet-700 [&_a]:underline dark:[&_a]:text-violet-300 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown components={components} urlTransform={safeLinkUrl} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
