// The route in the address's hash, followed as it changes (the back button, a pasted link).
import { useEffect, useState } from 'react';
import { parseRoute, routeHash, type HubRoute } from './route';

export function useRoute(): [HubRoute, (r: HubRoute) => void] {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return [route, (r) => (window.location.hash = routeHash(r))];
}
