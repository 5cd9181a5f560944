/**
 * A player's name wherever a list shows one (records, leaderboards, profiles, standings, seats): a
 * link to their profile when the account is known, with the username beside the display name when
 * the two differ (two players may share a name; only the username is theirs alone). Who "you" are
 * is never read from it: lists compare account ids.
 */
export function PlayerName({
  name,
  username = null,
  account = null,
}: {
  name: string;
  username?: string | null | undefined;
  account?: string | null | undefined;
}) {
  const shown = (
    <>
      {name}
      {username !== null && username !== name && <span className="username"> @{username}</span>}
    </>
  );
  if (account === null) return <span className="player-ref">{shown}</span>;
  return (
    <a className="player-ref" href={`#/player/${encodeURIComponent(account)}`}>
      {shown}
    </a>
  );
}
