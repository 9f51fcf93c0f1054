// The pools the generators draw from: Salvadoran names, companies, streets, products and services with plausible
// prices and units, doctors, drivers, foreign buyers and export goods. Codes are checked against MH's catalogs by
// test/unit/homologation-generate.test.ts.

export const FIRST_NAMES = [
  'José',
  'María',
  'Juan Carlos',
  'Ana Lucía',
  'Carlos Ernesto',
  'Rosa Elena',
  'Luis Alonso',
  'Karla Beatriz',
  'Mario Antonio',
  'Sandra Yamileth',
  'Óscar Armando',
  'Gabriela Sofía',
  'René Mauricio',
  'Claudia Marisol',
  'Francisco Javier',
  'Wendy Carolina',
  'Roberto Edgardo',
  'Patricia Guadalupe',
  'Héctor Manuel',
  'Jacqueline Ivette',
] as const;

export const LAST_NAMES = [
  'Hernández',
  'Martínez',
  'López',
  'Rivas',
  'Flores',
  'Ramírez',
  'Cruz',
  'Portillo',
  'Mejía',
  'Argueta',
  'Guzmán',
  'Chávez',
  'Orellana',
  'Alvarado',
  'Quintanilla',
  'Menjívar',
  'Ayala',
  'Romero',
  'Castaneda',
  'Bonilla',
] as const;

/** A Salvadoran company: legal name, commercial name, CAT-019 activity. */
export interface Company {
  readonly name: string;
  readonly commercialName: string;
  readonly activity: string;
}

export const COMPANIES: readonly Company[] = [
  { name: 'Distribuidora El Pacífico, S.A. de C.V.', commercialName: 'Distribuidora El Pacífico', activity: '46900' },
  { name: 'Ferretería San Miguelito, S.A. de C.V.', commercialName: 'Ferretería San Miguelito', activity: '47190' },
  { name: 'Restaurante Los Cebollines, S.A. de C.V.', commercialName: 'Los Cebollines', activity: '56101' },
  { name: 'Soluciones Informáticas Cuscatlán, S.A. de C.V.', commercialName: 'SICUS', activity: '62010' },
  { name: 'Bufete Jurídico Menjívar y Asociados, S.A. de C.V.', commercialName: 'Menjívar Abogados', activity: '69100' },
  { name: 'Clínica Médica Nuestra Señora de la Paz, S.A. de C.V.', commercialName: 'Clínica La Paz', activity: '86201' },
  { name: 'Transportes Rápidos de Oriente, S.A. de C.V.', commercialName: 'TRO Carga', activity: '49231' },
  { name: 'Tortillería y Panadería La Bendición, S.A. de C.V.', commercialName: 'La Bendición', activity: '10711' },
  { name: 'Constructora Volcán de Izalco, S.A. de C.V.', commercialName: 'Constructora Izalco', activity: '41001' },
  { name: 'Taller Automotriz El Pistón, S.A. de C.V.', commercialName: 'Taller El Pistón', activity: '45201' },
  { name: 'Gasolinera Los Próceres, S.A. de C.V.', commercialName: 'Gasolinera Los Próceres', activity: '47300' },
  { name: 'Alimentos Selectos de Centroamérica, S.A. de C.V.', commercialName: 'ASCA', activity: '46301' },
  { name: 'Contadores y Auditores Asociados, S.A. de C.V.', commercialName: 'CYA Auditores', activity: '69200' },
  { name: 'Publicidad Creativa Maya, S.A. de C.V.', commercialName: 'Maya Publicidad', activity: '73100' },
  { name: 'Supermercado La Económica, S.A. de C.V.', commercialName: 'La Económica', activity: '47111' },
  { name: 'Hotel y Hostal Costa del Sol, S.A. de C.V.', commercialName: 'Hostal Costa del Sol', activity: '55101' },
  { name: 'Droguería Santa Tecla, S.A. de C.V.', commercialName: 'Droguería Santa Tecla', activity: '46491' },
  { name: 'Estructuras Metálicas Lempa, S.A. de C.V.', commercialName: 'Metálicas Lempa', activity: '25111' },
  { name: 'Ingeniería y Proyectos Apaneca, S.A. de C.V.', commercialName: 'IPA Ingenieros', activity: '71102' },
  { name: 'Beneficio de Café El Boquerón, S.A. de C.V.', commercialName: 'Café El Boquerón', activity: '10791' },
];

/** Activities of natural persons who are taxpayers or excluded subjects (CAT-019). */
export const PERSON_ACTIVITIES = ['01271', '01133', '01460', '96020', '45201', '47190', '10711', '69200'] as const;

export const STREETS = [
  'Calle El Mirador #4512, Colonia Escalón',
  'Avenida Masferrer Norte #120, Colonia Maquilishuat',
  'Boulevard de Los Héroes, Edificio Torre Roble, local 3',
  'Calle Arce #815, Barrio Santa Lucía',
  'Final 7.ª Avenida Sur, Residencial Los Álamos, casa 22',
  'Carretera Panamericana km 62, Caserío El Jícaro',
  'Pasaje Los Almendros #14, Colonia San Francisco',
  '4.ª Calle Oriente #9, Barrio El Centro',
  'Avenida Independencia #301, frente al parque central',
  'Colonia Santa Elena, Calle Cortez Blanco, polígono B, #7',
  'Urbanización Jardines de Merliot, Calle Chiltiupán #18',
  'Cantón El Sunzal, calle a la playa, lote 5',
] as const;

export const MAIL_DOMAINS = ['correo.example.com', 'empresa.example.sv', 'facturacion.example.com', 'mail.example.net'] as const;

/** A good or service a Salvadoran business sells: description, unit, price range before IVA, and the sale type it takes. */
export interface Product {
  readonly description: string;
  readonly code: string;
  readonly type: 'BIENES' | 'SERVICIOS' | 'BIENES_Y_SERVICIOS';
  readonly unit: string;
  readonly price: readonly [number, number];
  readonly saleType: 'GRAVADA' | 'EXENTA' | 'NO_SUJETA';
}

export const PRODUCTS: readonly Product[] = [
  {
    description: 'Café molido tostado oscuro 400 g',
    code: 'CAF-400',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [3.5, 6.25],
    saleType: 'GRAVADA',
  },
  { description: 'Azúcar blanca refinada', code: 'AZU-QQ', type: 'BIENES', unit: 'QUINTAL', price: [38, 52], saleType: 'GRAVADA' },
  { description: 'Frijol rojo de seda', code: 'FRI-LB', type: 'BIENES', unit: 'LIBRA', price: [0.95, 1.6], saleType: 'GRAVADA' },
  {
    description: 'Cemento gris tipo portland, bolsa 42.5 kg',
    code: 'CEM-425',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [8.5, 10.75],
    saleType: 'GRAVADA',
  },
  {
    description: 'Varilla de hierro corrugado 3/8"',
    code: 'VAR-38',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [4.1, 6.3],
    saleType: 'GRAVADA',
  },
  {
    description: 'Lámina galvanizada calibre 26, 12 pies',
    code: 'LAM-26',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [11, 17.5],
    saleType: 'GRAVADA',
  },
  {
    description: 'Pintura de aceite blanco hueso',
    code: 'PIN-GAL',
    type: 'BIENES',
    unit: 'GALON',
    price: [14.9, 26.5],
    saleType: 'GRAVADA',
  },
  {
    description: 'Tornillo punta broca 1" (ciento)',
    code: 'TOR-1',
    type: 'BIENES',
    unit: 'CIENTO',
    price: [2.25, 3.8],
    saleType: 'GRAVADA',
  },
  {
    description: 'Agua purificada, garrafón 5 galones',
    code: 'AGU-5G',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [1.75, 2.6],
    saleType: 'GRAVADA',
  },
  {
    description: 'Huevos de gallina, cartón de 30',
    code: 'HUE-30',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [4.5, 6.4],
    saleType: 'GRAVADA',
  },
  { description: 'Pan francés', code: 'PAN-DOC', type: 'BIENES', unit: 'DOCENA', price: [1.2, 2.1], saleType: 'GRAVADA' },
  { description: 'Aceite de motor 20W-50', code: 'ACE-LT', type: 'BIENES', unit: 'LITRO', price: [5.5, 8.9], saleType: 'GRAVADA' },
  {
    description: 'Cable eléctrico THHN calibre 12',
    code: 'CAB-12',
    type: 'BIENES',
    unit: 'METRO',
    price: [0.45, 0.85],
    saleType: 'GRAVADA',
  },
  {
    description: 'Papel bond tamaño carta, resma',
    code: 'PAP-RES',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [4.25, 6.5],
    saleType: 'GRAVADA',
  },
  {
    description: 'Computadora portátil 15.6" 16 GB RAM',
    code: 'LAP-156',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [520, 890],
    saleType: 'GRAVADA',
  },
  { description: 'Almuerzo ejecutivo', code: 'ALM-EJ', type: 'BIENES_Y_SERVICIOS', unit: 'UNIDAD', price: [4.5, 8.5], saleType: 'GRAVADA' },
  { description: 'Pupusas revueltas (orden de 3)', code: 'PUP-3', type: 'BIENES', unit: 'UNIDAD', price: [1.5, 2.75], saleType: 'GRAVADA' },
  {
    description: 'Servicio de mantenimiento preventivo de vehículo',
    code: 'SRV-MTO',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [35, 120],
    saleType: 'GRAVADA',
  },
  {
    description: 'Instalación de cielo falso',
    code: 'SRV-CF',
    type: 'BIENES_Y_SERVICIOS',
    unit: 'METRO_CUADRADO',
    price: [9, 16],
    saleType: 'GRAVADA',
  },
  {
    description: 'Soporte técnico informático por hora',
    code: 'SRV-TI',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [18, 45],
    saleType: 'GRAVADA',
  },
  { description: 'Honorarios por asesoría legal', code: 'SRV-LEG', type: 'SERVICIOS', unit: 'OTRA', price: [80, 350], saleType: 'GRAVADA' },
  {
    description: 'Servicio de flete San Salvador - San Miguel',
    code: 'SRV-FLT',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [60, 180],
    saleType: 'GRAVADA',
  },
  {
    description: 'Diseño de campaña publicitaria',
    code: 'SRV-PUB',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [150, 600],
    saleType: 'GRAVADA',
  },
  { description: 'Corte de cabello y peinado', code: 'SRV-COR', type: 'SERVICIOS', unit: 'OTRA', price: [5, 15], saleType: 'GRAVADA' },
  {
    description: 'Hospedaje habitación doble por noche',
    code: 'HOS-DBL',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [45, 95],
    saleType: 'GRAVADA',
  },
  { description: 'Consulta médica general', code: 'MED-CON', type: 'SERVICIOS', unit: 'OTRA', price: [20, 45], saleType: 'EXENTA' },
  {
    description: 'Examen de laboratorio clínico: hemograma',
    code: 'LAB-HEM',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [6, 14],
    saleType: 'EXENTA',
  },
  { description: 'Cuota mensual de colegiatura', code: 'EDU-CUO', type: 'SERVICIOS', unit: 'OTRA', price: [40, 150], saleType: 'EXENTA' },
  {
    description: 'Arrendamiento de vivienda, mes corriente',
    code: 'ARR-VIV',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [180, 450],
    saleType: 'EXENTA',
  },
  {
    description: 'Servicio de transporte público de pasajeros',
    code: 'TRA-PAS',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [0.35, 1.5],
    saleType: 'EXENTA',
  },
  {
    description: 'Medicamento genérico: amoxicilina 500 mg (caja)',
    code: 'FAR-AMX',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [3.25, 7.5],
    saleType: 'NO_SUJETA',
  },
  {
    description: 'Bienes en zona franca, venta no sujeta',
    code: 'ZF-BIEN',
    type: 'BIENES',
    unit: 'UNIDAD',
    price: [12, 60],
    saleType: 'NO_SUJETA',
  },
  {
    description: 'Servicio prestado a misión diplomática (no sujeto)',
    code: 'DIP-SRV',
    type: 'SERVICIOS',
    unit: 'OTRA',
    price: [50, 220],
    saleType: 'NO_SUJETA',
  },
  { description: 'Semilla de maíz certificada', code: 'SEM-MAZ', type: 'BIENES', unit: 'LIBRA', price: [1.1, 2.4], saleType: 'NO_SUJETA' },
];

/** The item lines that carry a tax of their own (CAT-015 section 2) in a CCF: what they tax and its code. */
export const TAX_LINES = [
  { description: 'Impuesto especial a la industria del cemento', taxCode: '57', price: [0.5, 4] },
  { description: 'Contribución especial al combustible (FOVIAL/COTRANS)', taxCode: 'A8', price: [0.2, 3.5] },
  { description: 'Otras tasas, casos especiales: tasa municipal de aseo', taxCode: 'D5', price: [1, 6] },
] as const;

/** Amounts outside the sale (MH's noGravado): deposits, pass-through charges. */
export const NON_TAXED = [
  'Depósito reembolsable por envases retornables',
  'Tasa municipal cobrada por cuenta de la alcaldía',
  'Anticipo recibido aplicado a esta factura',
  'Cuota de afiliación a programa de lealtad',
] as const;

export const ATTACHMENT_DETAILS = [
  'Orden de compra OC-2026-0148',
  'Contrato de suministro n.º 27/2026',
  'Cotización aceptada COT-5531',
  'Nota de pedido del cliente n.º 8841',
  'Acta de recepción de obra n.º 12',
] as const;

export const DOCTORS = [
  { name: 'Dr. Ernesto Alfredo Rivas Mejía', service: 'CIRUGIA' },
  { name: 'Dra. Silvia Marisol Portillo de Cruz', service: 'TRATAMIENTO_MEDICO' },
  { name: 'Dr. Julio César Alvarado Chávez', service: 'OPERACION' },
  { name: 'Dra. Karen Lissette Orellana', service: 'TRATAMIENTO_MEDICO_ISBM' },
  { name: 'Dr. Manuel de Jesús Ayala', service: 'CIRUGIA_ISBM' },
  { name: 'Dra. Beatriz Eugenia Romero', service: 'OPERACION_ISBM' },
] as const;

/** What a purchase from an excluded subject (FSE) buys: fractional quantities are normal here. */
export const FSE_PRODUCTS: readonly Product[] = [
  { description: 'Café en uva, cosecha 2026', code: 'FSE-CAF', type: 'BIENES', unit: 'QUINTAL', price: [95, 140], saleType: 'GRAVADA' },
  { description: 'Maíz blanco en grano', code: 'FSE-MAZ', type: 'BIENES', unit: 'QUINTAL', price: [18, 26], saleType: 'GRAVADA' },
  { description: 'Queso fresco artesanal', code: 'FSE-QSO', type: 'BIENES', unit: 'LIBRA', price: [2.75, 4.25], saleType: 'GRAVADA' },
  { description: 'Leña de cafeto', code: 'FSE-LEN', type: 'BIENES', unit: 'METRO_CUBICO', price: [15, 30], saleType: 'GRAVADA' },
  { description: 'Jornal de corte de café', code: 'FSE-JOR', type: 'SERVICIOS', unit: 'OTRA', price: [8, 12], saleType: 'GRAVADA' },
  { description: 'Servicio de fontanería', code: 'FSE-FON', type: 'SERVICIOS', unit: 'OTRA', price: [20, 75], saleType: 'GRAVADA' },
  {
    description: 'Limpieza de terreno (por manzana)',
    code: 'FSE-LIM',
    type: 'SERVICIOS',
    unit: 'MANZANA',
    price: [40, 90],
    saleType: 'GRAVADA',
  },
  {
    description: 'Reparación y suministro de cerca de alambre',
    code: 'FSE-CER',
    type: 'BIENES_Y_SERVICIOS',
    unit: 'METRO',
    price: [1.5, 3.5],
    saleType: 'GRAVADA',
  },
  { description: 'Artesanía de barro de Ilobasco', code: 'FSE-ART', type: 'BIENES', unit: 'UNIDAD', price: [3, 18], saleType: 'GRAVADA' },
];

/** Export goods and services (FEX). */
export const EXPORTS = {
  goods: [
    { description: 'Café oro lavado estrictamente altura, sacos de 69 kg', code: 'EXP-CAF', unit: 'QUINTAL', price: [180, 260] },
    { description: 'Azúcar cruda a granel', code: 'EXP-AZU', unit: 'TONELADA_METRICA', price: [420, 560] },
    { description: 'Camisetas de algodón tejido de punto', code: 'EXP-CAM', unit: 'DOCENA', price: [28, 55] },
    { description: 'Loroco congelado, cajas de 10 lb', code: 'EXP-LOR', unit: 'UNIDAD', price: [22, 38] },
    { description: 'Bolsas plásticas de polietileno impresas', code: 'EXP-BOL', unit: 'MILLAR', price: [35, 70] },
    { description: 'Miel de abeja en barriles', code: 'EXP-MIE', unit: 'BARRIL', price: [350, 620] },
  ],
  services: [
    { description: 'Desarrollo de software a la medida (horas)', code: 'EXS-SW', unit: 'OTRA', price: [25, 60] },
    { description: 'Servicio de centro de llamadas bilingüe', code: 'EXS-CC', unit: 'OTRA', price: [800, 2500] },
    { description: 'Diseño gráfico y animación digital', code: 'EXS-DIS', unit: 'OTRA', price: [150, 900] },
    { description: 'Consultoría contable remota', code: 'EXS-CON', unit: 'OTRA', price: [300, 1200] },
  ],
} as const;

/** Foreign buyers with a country MH's CAT-020 knows, their address and a telephone with country code. */
export const FOREIGN_BUYERS = [
  {
    name: 'Importadora Maya de Guatemala, S.A.',
    country: 'GT',
    address: '6a. Avenida 12-45 zona 10, Ciudad de Guatemala',
    phone: '50223601100',
  },
  {
    name: 'Comercial Hondureña del Norte, S. de R.L.',
    country: 'HN',
    address: 'Barrio Guamilito, 4 calle, San Pedro Sula, Cortés',
    phone: '50425521234',
  },
  { name: 'Distribuidora Pinolera, S.A.', country: 'NI', address: 'Km 7 Carretera a Masaya, Managua', phone: '50522701515' },
  { name: 'Grupo Tico de Alimentos, S.A.', country: 'CR', address: 'Barrio Escalante, calle 33, San José', phone: '50622809000' },
  {
    name: 'Coffee Roasters of Seattle, LLC',
    country: 'US',
    address: '1201 Western Avenue, Suite 300, Seattle, WA 98101',
    phone: '12065550142',
  },
  { name: 'Latin Foods Distributors Inc.', country: 'US', address: '4800 Whittier Boulevard, Los Angeles, CA 90022', phone: '13235550187' },
  {
    name: 'Importaciones Aztecas, S.A. de C.V.',
    country: 'MX',
    address: 'Avenida Insurgentes Sur 1602, Ciudad de México',
    phone: '525555340000',
  },
  { name: 'Kaffeehaus Import GmbH', country: 'DE', address: 'Am Sandtorkai 50, 20457 Hamburg', phone: '494030990000' },
  { name: 'Tostadores del Mediterráneo, S.L.', country: 'ES', address: 'Carrer de Pujades 77, 08005 Barcelona', phone: '34932200000' },
  { name: 'Maple Trade Partners Ltd.', country: 'CA', address: '100 King Street West, Toronto, ON M5X 1A9', phone: '14165550199' },
  { name: 'Nippon Specialty Coffee K.K.', country: 'JP', address: '2-7-1 Marunouchi, Chiyoda-ku, Tokio', phone: '81352200000' },
  { name: 'Panamá Logistic Hub, S.A.', country: 'PA', address: 'Zona Libre de Colón, calle 16, edificio 3', phone: '50744110000' },
] as const;

export const DRIVERS = [
  { name: 'Santos Efraín Chicas', transport: 'TERRESTRE', plate: 'C-128-745' },
  { name: 'Wilber Antonio Lemus', transport: 'TERRESTRE', plate: 'C-904-311' },
  { name: 'Naviera Caribe, capitán R. Duarte', transport: 'MARITIMO', plate: 'IMO-9387421' },
  { name: 'Avianca Cargo, vuelo AV-6123', transport: 'AEREO', plate: 'N-772AV' },
  { name: 'Marvin Geovanni Santamaría', transport: 'TERRESTRE_MARITIMO', plate: 'C-556-102' },
] as const;

export const EXPORT_COMMENTS = [
  'Mercadería embarcada en contenedor refrigerado de 40 pies.',
  'Pago contra documentos de embarque, carta de crédito irrevocable.',
  'Servicio prestado y consumido en el exterior; exportación de servicios.',
  'Lote de exportación con certificado de origen CAFTA-DR.',
] as const;

export const APPENDICES = [
  { name: 'Contenedor', description: 'Número de contenedor', value: 'MSCU 482193-7' },
  { name: 'Orden', description: 'Orden de compra del cliente', value: 'PO-2026-7781' },
  { name: 'Lote', description: 'Lote de producción', value: 'L-26-1104' },
  { name: 'Marchamo', description: 'Marchamo de seguridad', value: 'DGA-0931557' },
] as const;
