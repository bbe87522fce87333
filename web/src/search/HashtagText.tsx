import { Link } from 'react-router';
import { splitHashtags } from './hashtags';
import { hashtagPath } from './paths';

/** A pin's text with each `#word` a link to the search for it (`/search/pins/?q=%23word&rs=hashtag`). */
export function HashtagText({ text }: { text: string }) {
  return (
    <>
      {splitHashtags(text).map((part, index) =>
        part.kind === 'hashtag' ? (
          <Link key={index} to={hashtagPath(part.tag)} className="hashtag">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
