/**
 * News written into a note's heading (issue 26, round 23): "## Move checklist (done: moved to Ghent on 28 Feb)",
 * "# Job hunt (update: accepted the Canva offer)". The heading was dropped with the note's title, so the move was
 * never stored. The parenthesised statement becomes a line of the note, in the author's voice ("I moved to Ghent on
 * 28 Feb."); the heading stays.
 */
const HEADING_NEWS = /^(\s*#{1,6}\s+[^\n(]*?)\s*\(\s*(?:done|update|updated|status|news|edit|result)\s*[:—–-]\s*([^()\n]{3,120}?)\s*\)\s*$/gimu;

/** The note with each heading's news as a line of its own after the heading. */
export function headingNewsAsLines(note: string): string {
  if (!/^\s*#/m.test(note)) return note;
  return note.replace(HEADING_NEWS, (_, heading: string, news: string) => {
    const said = /^\p{Ll}+ed\b/u.test(news) ? `I ${news}` : `${news[0]!.toUpperCase()}${news.slice(1)}`;
    return `${heading}\n\n${said.replace(/[.!\s]*$/, '.')}`;
  });
}
