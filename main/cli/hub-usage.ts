// `sello hub`'s usage and help, light enough to print before anything of the hub loads (main.ts).
export const HUB_USAGE = `  sello hub --database postgres://… [--host 127.0.0.1] [--port 8418] [--books-heap-mb 160]
      [--trust-proxy 10.0.0.0/24,10.0.1.7]   (balanceadores de carga: solo de ellos se cree X-Forwarded-For)
      [--mh-url https://… --mh-user NIT [--mh-per-minute 20]]   (contraseña de la API de MH: SELLO_HUB_MH_PASSWORD)
  sello hub create-token --database postgres://… --station ID [--name NOMBRE --company NIT --branch M001 --pos P001] [--points M001P001,M001P002]
  sello hub create-admin --database postgres://… --login USUARIO --name NOMBRE   (contraseña: SELLO_HUB_PASSWORD o stdin)`;

export const TRUST_PROXY_HELP = `--trust-proxy: detrás de un balanceador de carga, indique sus direcciones o redes (CIDR), separadas por
comas. La central cuenta los intentos de inicio de sesión fallidos por la dirección del cliente que el balanceador
pone en X-Forwarded-For, y solo cuando la conexión viene de una de ellas; sin esta opción, todos los clientes
comparten la dirección del balanceador.`;

/** What `sello hub --help` prints. */
export const HUB_HELP = `${HUB_USAGE}\n\n${TRUST_PROXY_HELP}`;
