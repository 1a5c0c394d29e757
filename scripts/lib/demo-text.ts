/**
 * Places, street names and prose templates of the generated demo properties (pure data and
 * string functions; used by scripts/generate-demo.ts). Texts are written per language in
 * Belgian usage (nl: 'slaapkamers', 'EPC'; fr: 'PEB', 'revenu cadastral').
 */
export type L4 = { nl: string; fr: string; en: string; de: string };
export const LANG4 = ['nl', 'fr', 'en', 'de'] as const;
export type Lang4 = (typeof LANG4)[number];

export function l4(fr: string, nl: string, en: string, de: string): L4 {
  return { nl, fr, en, de };
}
export function mapL4(f: (lang: Lang4) => string): L4 {
  return { nl: f('nl'), fr: f('fr'), en: f('en'), de: f('de') };
}

export interface Town {
  city: string;
  zip: string;
  lat: number;
  lng: number;
  /** relative weight in the listing mix (the agency sits in Namur) */
  w: number;
  /** on the Meuse, Sambre, Ourthe, Vesdre or Escaut: some flood-risk addresses */
  river?: boolean;
  names?: Partial<L4>;
  /** Street names in the town's own language (a Flemish town gets Dutch ones). */
  streets?: string[];
}

export const BE_TOWNS: Town[] = [
  { city: 'Namur', zip: '5000', lat: 50.4669, lng: 4.8674, w: 9, river: true, names: { nl: 'Namen' } },
  { city: 'Jambes', zip: '5100', lat: 50.4545, lng: 4.871, w: 5, river: true },
  { city: 'Bouge', zip: '5004', lat: 50.478, lng: 4.892, w: 3 },
  { city: 'Salzinnes', zip: '5000', lat: 50.458, lng: 4.843, w: 3, river: true },
  { city: 'Wépion', zip: '5100', lat: 50.411, lng: 4.865, w: 3, river: true },
  { city: 'Liège', zip: '4000', lat: 50.6326, lng: 5.5797, w: 4, river: true, names: { nl: 'Luik', de: 'Lüttich' } },
  { city: 'Charleroi', zip: '6000', lat: 50.4108, lng: 4.4446, w: 3, river: true },
  { city: 'Mons', zip: '7000', lat: 50.4542, lng: 3.9567, w: 2, names: { nl: 'Bergen' } },
  { city: 'Tournai', zip: '7500', lat: 50.6058, lng: 3.388, w: 1, river: true, names: { nl: 'Doornik' } },
  { city: 'Wavre', zip: '1300', lat: 50.717, lng: 4.601, w: 2, names: { nl: 'Waver' } },
  { city: 'Ottignies-Louvain-la-Neuve', zip: '1340', lat: 50.668, lng: 4.614, w: 2 },
  { city: 'Nivelles', zip: '1400', lat: 50.598, lng: 4.328, w: 1, names: { nl: 'Nijvel' } },
  { city: 'Waterloo', zip: '1410', lat: 50.715, lng: 4.399, w: 1 },
  { city: "Braine-l'Alleud", zip: '1420', lat: 50.684, lng: 4.368, w: 1, names: { nl: 'Eigenbrakel' } },
  { city: 'Arlon', zip: '6700', lat: 49.6833, lng: 5.8167, w: 1, names: { nl: 'Aarlen', de: 'Arel' } },
  { city: 'Bastogne', zip: '6600', lat: 50.0, lng: 5.715, w: 1, names: { nl: 'Bastenaken', de: 'Bastnach' } },
  { city: 'Dinant', zip: '5500', lat: 50.2606, lng: 4.9122, w: 3, river: true },
  { city: 'Huy', zip: '4500', lat: 50.518, lng: 5.24, w: 2, river: true, names: { nl: 'Hoei' } },
  { city: 'Spa', zip: '4900', lat: 50.492, lng: 5.864, w: 1 },
  { city: 'Verviers', zip: '4800', lat: 50.589, lng: 5.862, w: 1, river: true },
  { city: 'Gembloux', zip: '5030', lat: 50.561, lng: 4.699, w: 3, names: { nl: 'Gembloers' } },
  { city: 'Marche-en-Famenne', zip: '6900', lat: 50.227, lng: 5.344, w: 1 },
  { city: 'Durbuy', zip: '6940', lat: 50.352, lng: 5.456, w: 1, river: true },
  { city: 'Ciney', zip: '5590', lat: 50.295, lng: 5.1, w: 2 },
  { city: 'Andenne', zip: '5300', lat: 50.489, lng: 5.095, w: 2, river: true },
  { city: 'Fleurus', zip: '6220', lat: 50.483, lng: 4.55, w: 1 },
  { city: 'Sambreville', zip: '5060', lat: 50.437, lng: 4.616, w: 1, river: true },
  { city: 'Malmedy', zip: '4960', lat: 50.426, lng: 6.028, w: 1 },
  { city: 'La Louvière', zip: '7100', lat: 50.48, lng: 4.187, w: 1 },
  { city: 'Mouscron', zip: '7700', lat: 50.744, lng: 3.214, w: 1, names: { nl: 'Moeskroen' } },
];

export const LU_TOWNS: Town[] = [
  { city: 'Luxembourg', zip: 'L-1611', lat: 49.6116, lng: 6.1319, w: 3, names: { nl: 'Luxemburg', de: 'Luxemburg' } },
  { city: 'Esch-sur-Alzette', zip: 'L-4001', lat: 49.4958, lng: 5.9806, w: 2, names: { de: 'Esch an der Alzette' } },
  { city: 'Ettelbruck', zip: 'L-9001', lat: 49.8475, lng: 6.1042, w: 1 },
  { city: 'Diekirch', zip: 'L-9201', lat: 49.8672, lng: 6.1556, w: 1 },
  { city: 'Clervaux', zip: 'L-9701', lat: 50.0547, lng: 6.0314, w: 1, names: { de: 'Clerf' } },
  { city: 'Wiltz', zip: 'L-9501', lat: 49.9667, lng: 5.9333, w: 1 },
  { city: 'Differdange', zip: 'L-4501', lat: 49.5242, lng: 5.8914, w: 1, names: { de: 'Differdingen' } },
];

export const BE_NAME = l4('Belgique', 'België', 'Belgium', 'Belgien');
export const LU_NAME = l4('Luxembourg', 'Luxemburg', 'Luxembourg', 'Luxemburg');

export const BE_STREETS = [
  'Rue de Fer',
  'Chaussée de Louvain',
  'Avenue Albert Ier',
  'Rue Haute',
  "Place d'Armes",
  'Rue des Carmes',
  'Rue de Bruxelles',
  'Rue du Moulin',
  "Rue de l'Église",
  'Chaussée de Marche',
  'Rue des Champs',
  'Avenue de la Gare',
  'Rue Saint-Nicolas',
  'Rue des Écoles',
  'Rue du Pont',
  'Chemin des Meuniers',
  'Rue de la Station',
  'Rue Grande',
  'Rue des Tilleuls',
  'Allée des Hêtres',
  'Rue du Village',
  'Route de Dinant',
  'Rue Émile Vandervelde',
  'Rue du Try',
  'Chaussée de Charleroi',
  'Rue des Peupliers',
  'Avenue Reine Astrid',
  'Rue Basse',
  'Rue de la Croix',
  'Rue du Bois',
];
export const LU_STREETS = [
  'Rue de la Gare',
  'Grand-Rue',
  'Avenue de la Liberté',
  'Rue du Fossé',
  "Route d'Arlon",
  "Rue de l'Alzette",
  'Rue Principale',
  'Rue du Nord',
  'Avenue de la Porte-Neuve',
  'Rue des Jardins',
];

export function townName(town: Town, lang: Lang4): string {
  return town.names?.[lang] || town.city;
}
export function cityNames(town: Town): L4 | undefined {
  return town.names ? mapL4((lang) => townName(town, lang)) : undefined;
}

const IN: L4 = l4('à', 'in', 'in', 'in');
const WITH: Record<Lang4, [string, string]> = { fr: ['avec', 'et'], nl: ['met', 'en'], en: ['with', 'and'], de: ['mit', 'und'] };

export const FEATURES = {
  garden: l4('jardin', 'tuin', 'garden', 'Garten'),
  terrace: l4('terrasse', 'terras', 'terrace', 'Terrasse'),
  garage: l4('garage', 'garage', 'garage', 'Garage'),
  view: l4('vue dégagée', 'vrij uitzicht', 'open views', 'Weitblick'),
  parking: l4('parking', 'parkeerplaats', 'parking space', 'Stellplatz'),
} as const;
export type Feature = keyof typeof FEATURES;

/** 'Maison 3 façades avec jardin à Jambes' from the title noun, an optional feature and the town. */
export function title(noun: L4, feature: Feature | null, town: Town): L4 {
  return mapL4((lang) => {
    const [w, and] = WITH[lang];
    const f = feature ? ` ${new RegExp(`\\b${w}\\b`).test(noun[lang]) ? and : w} ${FEATURES[feature][lang]}` : '';
    return `${noun[lang]}${f} ${IN[lang]} ${townName(town, lang)}`;
  });
}

const AMENITIES: L4[] = [
  l4('des écoles et des commerces', 'scholen en winkels', 'schools and shops', 'Schulen und Geschäften'),
  l4('la gare', 'het station', 'the railway station', 'dem Bahnhof'),
  l4('la E411 et des transports en commun', 'de E411 en het openbaar vervoer', 'the E411 motorway and public transport', 'der E411 und den öffentlichen Verkehrsmitteln'),
  l4('du centre-ville', 'het stadscentrum', 'the town centre', 'dem Stadtzentrum'),
  l4('du RAVeL et des bords de Meuse', 'de RAVeL en de Maasoevers', 'the RAVeL cycle path and the riverside', 'dem RAVeL-Radweg und dem Flussufer'),
  l4(
    "des crèches, de l'école communale et du marché",
    'kinderdagverblijven, de gemeenteschool en de markt',
    'nurseries, the local school and the market',
    'Kitas, der Gemeindeschule und dem Wochenmarkt',
  ),
];

export interface ProseInput {
  kind: 'house' | 'apartment' | 'land' | 'other' | 'commerce' | 'furnished';
  goal: 0 | 1;
  town: Town;
  noun: L4;
  bedrooms: number | null;
  living: number | null;
  ground: number | null;
  feature: Feature | null;
  epc: string | null;
  year: number | null;
  renovated: number | null;
  /** 0..n, picks among template variants */
  variant: number;
}

const p = (s: string) => `<p>${s}</p>`;
const num = (n: number, lang: Lang4) => n.toLocaleString(lang === 'en' ? 'en-GB' : lang === 'fr' ? 'fr-BE' : lang === 'nl' ? 'nl-BE' : 'de-DE');

/** Description HTML (2–3 paragraphs) in one language. */
export function description(x: ProseInput, lang: Lang4): string {
  const town = townName(x.town, lang);
  const lux = x.town.zip.startsWith('L-');
  // the RAVeL and the Meuse only along the rivers, the E411 only in Wallonia
  const nearby = AMENITIES.filter((_, k) => !(k === 4 && (lux || !x.town.river)) && !(k === 2 && lux));
  const near = nearby[x.variant % nearby.length]![lang];
  const near2 = nearby[(x.variant + 3) % nearby.length]![lang];
  const home = x.kind === 'house' || x.kind === 'apartment' || x.kind === 'furnished' || /\d/.test(x.noun.fr);
  const noun = lang === 'de' ? x.noun[lang] : x.noun[lang].toLowerCase();
  // no second bedroom count when the type text already has one ('Appartement 2 chambres')
  const b = /\d/.test(x.noun[lang]) ? 0 : (x.bedrooms ?? 0);
  const liv = x.living ? num(x.living, lang) : '';
  const gr = x.ground ? num(x.ground, lang) : '';
  const feat = x.feature ? FEATURES[x.feature][lang] : '';
  const v = x.variant % 2;
  const out: string[] = [];
  const rent = x.goal === 1;
  switch (lang) {
    case 'fr': {
      const art = /^(maison|villa|fermette|grange|surface)/.test(noun) ? 'cette' : /^[aeéiouh]/.test(noun) ? 'cet' : 'ce';
      const de = (s: string) => (/^(du|des) /.test(s) ? s : `de ${s}`);
      const featFr = { garden: "d'un jardin bien exposé", terrace: "d'une belle terrasse", garage: "d'un garage", view: "d'une vue dégagée", parking: "d'un emplacement de parking" };
      if (x.kind === 'land') {
        out.push(
          p(
            v
              ? `Beau terrain à bâtir de ${gr} m² situé dans un quartier calme de ${town}, à proximité ${de(near)}.`
              : `À ${town}, nous vous proposons un terrain de ${gr} m² idéalement orienté, prêt à accueillir votre projet de construction.`,
          ),
        );
        out.push(
          p(
            lux
              ? 'Terrain viabilisé, raccordements en voirie. Libre de tout constructeur.'
              : `Le terrain est repris en zone d'habitat au plan de secteur. Raccordements à l'eau, à l'électricité et à l'égout en voirie. Libre de tout constructeur.`,
          ),
        );
      } else {
        out.push(
          p(
            v
              ? `${rent ? 'À louer' : 'À vendre'} à ${town} : ${art} ${noun} de ${liv} m²${home ? ' habitables' : ''}${b ? ` comptant ${b} chambre${b > 1 ? 's' : ''}` : ''}, à deux pas ${de(near)}.`
              : `Situé${art === 'cette' ? 'e' : ''} dans un environnement agréable de ${town}, ${art} ${noun} offre ${liv} m² de surface ${home ? 'habitable' : 'utile'}${b ? ` et ${b} chambre${b > 1 ? 's' : ''}` : ''}.`,
          ),
        );
        out.push(
          p(
            `${x.year ? `Construit en ${x.year}${x.renovated ? ` et rénové en ${x.renovated}` : ''}, le bien ` : 'Le bien '}${x.feature ? `profite ${featFr[x.feature]} et ` : ''}se trouve à proximité ${de(near2)}.${x.epc ? ` Classe PEB ${x.epc}.` : ''}`,
          ),
        );
        out.push(
          p(
            rent
              ? `Disponible rapidement. Garantie locative de trois mois. Visites sur rendez-vous auprès de notre agence de Namur.`
              : `Une visite s'impose ! Contactez notre agence pour recevoir les renseignements urbanistiques et le dossier complet.`,
          ),
        );
      }
      break;
    }
    case 'nl': {
      if (x.kind === 'land') {
        out.push(
          p(
            v
              ? `Mooie bouwgrond van ${gr} m² in een rustige wijk van ${town}, vlak bij ${near}.`
              : `In ${town} bieden wij een goed georiënteerd perceel bouwgrond van ${gr} m² aan, klaar voor uw bouwproject.`,
          ),
        );
        out.push(
          p(
            lux
              ? 'Bouwrijp perceel, nutsvoorzieningen aan de straat. Vrij van bouwverplichting met een aannemer.'
              : 'Het perceel ligt in woongebied volgens het gewestplan. Nutsvoorzieningen en riolering aan de straat. Vrij van bouwverplichting met een aannemer.',
          ),
        );
      } else {
        out.push(
          p(
            v
              ? `${rent ? 'Te huur' : 'Te koop'} in ${town}: ${noun} van ${liv} m²${home ? ' bewoonbare oppervlakte' : ''}${b ? ` met ${b} slaapkamer${b > 1 ? 's' : ''}` : ''}, op wandelafstand van ${near}.`
              : `Dit(e) ${noun} in een aangename buurt van ${town} biedt ${liv} m² ${home ? 'woonruimte' : 'oppervlakte'}${b ? ` en ${b} slaapkamer${b > 1 ? 's' : ''}` : ''}.`.replace(
                  'Dit(e) ',
                  /^(woning|villa|halfopen|gesloten|open|gemeubelde studio)/.test(noun) ? 'Deze ' : 'Dit ',
                ),
          ),
        );
        out.push(
          p(
            `${x.year ? `Gebouwd in ${x.year}${x.renovated ? ` en gerenoveerd in ${x.renovated}` : ''}. ` : ''}${feat ? `Het pand beschikt over een ${feat} en ` : 'Het pand '}ligt dicht bij ${near2}.${x.epc ? ` EPC-label ${x.epc}.` : ''}`,
          ),
        );
        out.push(
          p(
            rent
              ? 'Snel beschikbaar. Huurwaarborg van drie maanden. Bezoek na afspraak met ons kantoor in Namen.'
              : 'Een bezoek meer dan waard! Neem contact op met ons kantoor voor de stedenbouwkundige inlichtingen en het volledige dossier.',
          ),
        );
      }
      break;
    }
    case 'en': {
      if (x.kind === 'land') {
        out.push(p(v ? `An attractive ${gr} m² building plot in a quiet part of ${town}, close to ${near}.` : `In ${town}, a well-oriented ${gr} m² plot ready for your new home.`));
        out.push(
          p(
            lux
              ? 'Fully serviced plot with utilities in the street. No obligation to use a particular builder.'
              : 'The plot lies in a residential zone of the regional zoning plan. Water, electricity and mains drainage are available in the street. No obligation to use a particular builder.',
          ),
        );
      } else {
        out.push(
          p(
            v
              ? `${rent ? 'To let' : 'For sale'} in ${town}: ${/(premises|space)$/.test(noun) ? '' : 'a '}${noun} with ${liv} m² of ${home ? 'living' : 'floor'} space${b ? ` and ${b} bedroom${b > 1 ? 's' : ''}` : ''}, a short walk from ${near}.`
              : `Set in a pleasant part of ${town}, ${/premises$/.test(noun) ? 'these' : 'this'} ${noun} offer${/premises$/.test(noun) ? '' : 's'} ${liv} m² of ${home ? 'living' : 'floor'} space${b ? ` and ${b} bedroom${b > 1 ? 's' : ''}` : ''}.`,
          ),
        );
        out.push(
          p(
            `${x.year ? `Built in ${x.year}${x.renovated ? ` and renovated in ${x.renovated}` : ''}, the property ` : 'The property '}${feat ? `has ${x.feature === 'garden' || x.feature === 'terrace' ? 'a sunny' : x.feature === 'view' ? '' : 'a'} ${feat} and `.replace('  ', ' ') : ''}is close to ${near2}.${x.epc ? ` EPC rating ${x.epc}.` : ''}`,
          ),
        );
        out.push(
          p(
            rent
              ? 'Available soon. Rental deposit of three months. Viewings by appointment with our Namur office.'
              : 'Well worth a viewing! Contact our office for the planning information and the full file.',
          ),
        );
      }
      break;
    }
    case 'de': {
      if (x.kind === 'land') {
        out.push(
          p(v ? `Schönes Baugrundstück von ${gr} m² in ruhiger Lage von ${town}, nahe ${near}.` : `In ${town} bieten wir ein gut ausgerichtetes Grundstück von ${gr} m² für Ihr Bauvorhaben an.`),
        );
        out.push(
          p(
            lux
              ? 'Erschlossenes Grundstück, Versorgungsleitungen an der Straße. Keine Bauträgerbindung.'
              : 'Das Grundstück liegt laut Sektorenplan in einem Wohngebiet. Wasser, Strom und Kanalisation liegen an der Straße an. Keine Bauträgerbindung.',
          ),
        );
      } else {
        out.push(
          p(
            v
              ? `${rent ? 'Zu vermieten' : 'Zu verkaufen'} in ${town}: ${noun} mit ${liv} m² ${home ? 'Wohnfläche' : 'Nutzfläche'}${b ? ` und ${b} Schlafzimmer${b > 1 ? 'n' : ''}` : ''}, nur wenige Schritte von ${near}.`
              : `In angenehmer Lage von ${town}: ${noun} mit ${liv} m² ${home ? 'Wohnfläche' : 'Nutzfläche'}${b ? ` und ${b} Schlafzimmer${b > 1 ? 'n' : ''}` : ''}.`,
          ),
        );
        out.push(
          p(
            `${x.year ? `Baujahr ${x.year}${x.renovated ? `, renoviert ${x.renovated}` : ''}. ` : ''}${feat ? `Die Immobilie verfügt über eine${x.feature === 'garden' || x.feature === 'view' || x.feature === 'parking' ? 'n' : ''} ${feat} und liegt` : 'Die Immobilie liegt'} in der Nähe von ${near2}.${x.epc ? ` Energieklasse ${x.epc}.` : ''}`,
          ),
        );
        out.push(
          p(
            rent
              ? 'Kurzfristig verfügbar. Mietkaution von drei Monatsmieten. Besichtigung nach Vereinbarung mit unserem Büro in Namur.'
              : 'Eine Besichtigung lohnt sich! Kontaktieren Sie unser Büro für die städtebaulichen Auskünfte und die vollständigen Unterlagen.',
          ),
        );
      }
      break;
    }
  }
  const html = out.join('');
  return lang === 'de'
    ? html
        .replace(/\bvon dem /g, 'vom ')
        .replace(/\bNähe von der /g, 'Nähe der ')
        .replace(/\bNähe von den /g, 'Nähe der ')
    : html;
}

export const DOC_NAMES: Record<string, L4> = {
  epc: l4('Certificat PEB', 'EPC-certificaat', 'EPC certificate', 'Energieausweis'),
  'floor-plan': l4('Plans', 'Plannen', 'Floor plans', 'Grundrisse'),
  brochure: l4('Brochure', 'Brochure', 'Brochure', 'Broschüre'),
  cadastral: l4('Extrait cadastral', 'Kadastraal uittreksel', 'Cadastral extract', 'Katasterauszug'),
  urbanism: l4('Renseignements urbanistiques', 'Stedenbouwkundige inlichtingen', 'Planning information', 'Städtebauliche Auskünfte'),
  electrical: l4('PV de contrôle électrique', 'Keuringsverslag elektriciteit', 'Electrical inspection report', 'Prüfbericht Elektroinstallation'),
  soil: l4('Extrait conforme BDES', 'Bodemattest', 'Soil certificate', 'Bodenbescheinigung'),
  asbestos: l4('Inventaire amiante', 'Asbestinventaris', 'Asbestos survey', 'Asbestgutachten'),
  other: l4('Règlement de copropriété', 'Basisakte', 'Co-ownership rules', 'Teilungserklärung'),
};
