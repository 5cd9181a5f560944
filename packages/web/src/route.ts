/** Where the page is: `#/`, `#/room/CODE`, `#/solo`, `#/practice`, `#/how-to-play`. */
export type Route =
  { name: 'home' } | { name: 'room'; code: string } | { name: 'solo' } | { name: 'practice' } | { name: 'how-to-play' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  switch (parts[0] ?? '') {
    case 'room': {
      const code = (parts[1] ?? '').toUpperCase();
      return /^[A-Z0-9]{4,12}$/.test(code) ? { name: 'room', code } : { name: 'home' };
    }
    case 'solo':
      return { name: 'solo' };
    case 'practice':
      return { name: 'practice' };
    case 'how-to-play':
      return { name: 'how-to-play' };
    default:
      return { name: 'home' };
  }
}

export function go(path: string): void {
  window.location.hash = `#/${path}`;
}
