import { highlightParts } from '../../domain/shared/formats';

/** The text with every case-insensitive occurrence of the keyword marked (domain `highlightParts`). */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.hit ? (
          <mark key={i} className="cw-highlight">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
