import type { CompanyBranch } from '../../../shared/branches';
import type { DemoUser } from '../../../shared/people';
import type { StationProfile } from './profile';

/** The key a POS uses against a demo station (documented in docs/api.md; demo data only). */
export const DEMO_API_KEY = 'sello-demo-api-key';

/** The demo's people, one per role: listed on its login screen and by `sello serve --demo` (demo data only). */
export const DEMO_USERS: readonly DemoUser[] = [
  { login: 'admin', name: 'Administradora Demo', role: 'ADMIN', password: 'demo-admin' },
  { login: 'supervisor', name: 'Supervisor Demo', role: 'SUPERVISOR', password: 'demo-super' },
  { login: 'cajero', name: 'Cajera Demo', role: 'CASHIER', password: '123456' },
];

/** A demo company, labelled as such, so a newcomer sees the whole cycle without credentials. */
export const DEMO_STATION: StationProfile = {
  environment: 'TEST',
  demo: true,
  company: {
    id: '5e0c7a2b-3d41-4f6e-9a8b-7c1d2e3f4a5b',
    nit: '06142803901121',
    nrc: '2345678',
    name: 'DEMOSTRACIÓN Comercial Sello, S.A. de C.V.',
    commercialName: 'Sello Demo',
    economicActivity: '47190',
    economicActivityDescription: 'Venta al por menor en comercios no especializados',
    phone: '22501000',
    email: 'demo@sello.example',
    address: { department: '06', municipality: '23', district: '14', complement: 'Boulevard del Hipódromo 123, Colonia San Benito' },
  },
  branch: { mhCode: 'M001', posNumber: 1, establishmentType: '02' },
  responsible: { name: 'Responsable de Demostración', identificationDocument: { type: 'DUI', number: '012345678' } },
  mh: null,
  apiKeys: [DEMO_API_KEY],
  users: [...DEMO_USERS],
};

/** The demo company's establishments by code, so an NR to another branch works out of the box (decision 0084; demo data only). */
export const DEMO_BRANCHES: readonly CompanyBranch[] = [
  {
    code: 'B001',
    name: 'Bodega Mejicanos',
    address: { department: '06', municipality: '23', district: '08', complement: 'Calle a Mariona, kilómetro 3, Mejicanos' },
  },
  { code: 'M001', name: 'Casa matriz San Benito', address: DEMO_STATION.company.address },
  {
    code: 'S002',
    name: 'Sucursal Santa Ana Centro',
    address: { department: '02', municipality: '15', district: '10', complement: 'Avenida Independencia Sur 15' },
  },
];
