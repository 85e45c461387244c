import { Fragment, useMemo } from 'react';
import { cn } from '../lib/cn';
import { parsePolicyText, type PolicyBlock, type PolicyInline } from '../lib/policy-markup';

/**
 * A policy's text with its markings (docs/admin.md#policies) as headings, paragraphs, lists, bold and links,
 * all rendered as React elements: nothing staff type can become HTML. The public policy pages and the admin
 * preview show it alike.
 */
export function PolicyText({ body, className }: { body: string; className?: string }) {
  const blocks = useMemo(() => parsePolicyText(body), [body]);
  return (
    <div className={cn('max-w-prose text-base leading-7 break-words text-foreground', className)}>
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h2 className="mt-10 text-xl font-semibold tracking-tight first:mt-0">
          <Inline pieces={block.content} />
        </h2>
      ) : (
        <h3 className="mt-8 text-lg font-semibold first:mt-0">
          <Inline pieces={block.content} />
        </h3>
      );
    case 'paragraph':
      return (
        <p className="mt-4 first:mt-0">
          {block.lines.map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              <Inline pieces={line} />
            </Fragment>
          ))}
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="pl-1">
          <Inline pieces={item} />
        </li>
      ));
      const listClass = 'mt-4 space-y-2 pl-6 first:mt-0';
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start} className={cn(listClass, 'list-decimal')}>
          {items}
        </ol>
      ) : (
        <ul className={cn(listClass, 'list-disc')}>{items}</ul>
      );
    }
  }
}

function Inline({ pieces }: { pieces: PolicyInline[] }) {
  return pieces.map((piece, index) => {
    if (piece.type === 'text') return <Fragment key={index}>{piece.text}</Fragment>;
    if (piece.type === 'strong') {
      return (
        <strong key={index} className="font-semibold">
          <Inline pieces={piece.children} />
        </strong>
      );
    }
    return (
      <a
        key={index}
        href={piece.href}
        className="rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {piece.text}
      </a>
    );
  });
}
