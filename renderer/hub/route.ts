// Where the hub's screens are, in the address's hash (#/documentos/ID): the back button and a pasted link work,
// and the server needs to serve one page only. Pure: the hook that follows the address is use-route.ts.
export type HubRoute =
  | { readonly page: 'documents' }
  | { readonly page: 'document'; readonly id: string }
  | { readonly page: 'health' }
  | { readonly page: 'books' }
  | { readonly page: 'people' };

export function parseRoute(hash: string): HubRoute {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'documentos' && parts[1]) return { page: 'document', id: decodeURIComponent(parts[1]) };
  if (parts[0] === 'sucursales') return { page: 'health' };
  if (parts[0] === 'libros') return { page: 'books' };
  if (parts[0] === 'personas') return { page: 'people' };
  return { page: 'documents' };
}

export function routeHash(route: HubRoute): string {
  switch (route.page) {
    case 'document':
      return `#/documentos/${encodeURIComponent(route.id)}`;
    case 'health':
      return '#/sucursales';
    case 'books':
      return '#/libros';
    case 'people':
      return '#/personas';
    default:
      return '#/documentos';
  }
}
