// Who and what the hub's e2e fixture (hub-fixture.ts) makes, and the spec (../hub.spec.ts) logs in as.
export const HUB_E2E_PEOPLE = {
  admin: { login: 'central', name: 'Gabriela Central', role: 'ADMIN', password: 'Central#2026' },
  accountant: { login: 'contadora', name: 'Rosa Contreras', role: 'ACCOUNTANT', password: 'Cuentas#2026' },
  auditor: { login: 'auditor', name: 'Julio Auditor', role: 'AUDITOR', password: 'Revisa#2026' },
} as const;

/** M001 issues with MH up; M002's MH is down, so it enters contingency. */
export const HUB_E2E_STATIONS = [
  {
    id: 'M001-P001',
    branch: 'M001',
    name: 'Casa matriz San Salvador',
    mhUp: true,
    recipients: ['Ferretería Cañas, S.A. de C.V.', 'María Elena Hernández', 'Librería San Miguel'],
  },
  { id: 'M002-P001', branch: 'M002', name: 'Sucursal Santa Ana', mhUp: false, recipients: ['Comercial Quintanilla', 'Pedro Alvarado'] },
] as const;
