/** Demo new-build projects with their units. */
import { BE_NAME, BE_TOWNS, cityNames, l4, mapL4 } from './demo-text.ts';
import { ANCHOR, DAY, doc, isoTime, photos, rng, round } from './demo-properties.ts';

export function makeProjects() {
  const defs = [
    {
      id: 9001,
      no: 'PR-2024-01',
      name: l4('Résidence Les Jardins de Meuse', 'Residentie Les Jardins de Meuse', 'Les Jardins de Meuse residence', 'Residenz Les Jardins de Meuse'),
      town: BE_TOWNS[1]!,
      street: 'Boulevard de la Meuse',
      hn: '52',
      units: 14,
      delivery: l4('Fin 2027', 'Eind 2027', 'End of 2027', 'Ende 2027'),
      ext: null,
      base: 235_000,
    },
    {
      id: 9002,
      no: 'PR-2025-02',
      name: l4('Les Terrasses du Ravel', 'Les Terrasses du Ravel', 'Les Terrasses du Ravel', 'Les Terrasses du Ravel'),
      town: BE_TOWNS[4]!,
      street: 'Chaussée de Dinant',
      hn: '1120',
      units: 9,
      delivery: l4('Printemps 2027', 'Voorjaar 2027', 'Spring 2027', 'Frühjahr 2027'),
      ext: null,
      base: 295_000,
    },
    {
      id: 9003,
      no: 'PR-2025-03',
      name: l4('Clos des Tilleuls', 'Clos des Tilleuls', 'Clos des Tilleuls', 'Clos des Tilleuls'),
      town: BE_TOWNS.find((t) => t.city === 'Gembloux')!,
      street: 'Rue des Tilleuls',
      hn: '8',
      units: 7,
      delivery: l4('Premières maisons dès septembre 2027', 'Eerste woningen vanaf september 2027', 'First houses from September 2027', 'Erste Häuser ab September 2027'),
      ext: 'https://www.clos-des-tilleuls.example.be/',
      base: 345_000,
    },
  ];
  return defs.map((d, pi) => {
    const r = rng(0xb11d + d.id);
    const houses = d.id === 9003;
    const units = Array.from({ length: d.units }, (_, u) => {
      const parking = !houses && u >= d.units - 2;
      const kind = houses ? 'house' : parking ? 'parking' : u === d.units - 3 ? 'penthouse' : r.chance(0.15) ? 'duplex' : 'apartment';
      const floor = houses || parking ? (parking ? -1 : 0) : kind === 'penthouse' ? 4 : Math.floor(u / 3);
      const bedrooms = parking ? null : houses ? r.int(3, 4) : kind === 'penthouse' ? 3 : r.int(1, 3);
      const surface = parking ? 13 : houses ? 130 + bedrooms! * 15 + r.int(0, 15) : 52 + bedrooms! * 20 + r.int(0, 12) + (kind === 'penthouse' ? 30 : 0);
      const price = parking ? 25_000 : houses ? round(d.base + (surface - 160) * 1800, 5000) : round(d.base + (surface - 90) * 2900 + floor * 6000, 5000);
      const status = u % 5 === 1 ? 'sold' : u % 7 === 3 ? 'option' : parking && pi === 0 ? 'sold-out' : 'available';
      const ch = bedrooms ?? 0;
      return {
        ID: d.id * 100 + u + 1,
        Name: houses ? `Lot ${u + 1}` : parking ? `P${u - d.units + 3}` : `${String.fromCharCode(65 + (u % 2))}.${floor}.${(u % 3) + 1}`,
        Kind: kind,
        Floor: houses ? null : floor,
        Requirement: parking ? l4('Emplacement en sous-sol', 'Ondergrondse staanplaats', 'Underground space', 'Tiefgaragenstellplatz') : l4(`${ch} ch.`, `${ch} slpk.`, `${ch} bed.`, `${ch} Schlafz.`),
        Bedrooms: bedrooms,
        Surface: surface,
        SurfaceTerrace: parking ? null : houses ? null : r.int(8, kind === 'penthouse' ? 45 : 18),
        Price: price,
        Status: status,
        PropertyID: null,
      };
    });
    const prices = units.filter((u) => u.Kind !== 'parking').map((u) => u.Price);
    const town = d.town.names?.fr ?? d.town.city;
    const tn = (lang: 'nl' | 'fr' | 'en' | 'de') => d.town.names?.[lang] ?? d.town.city;
    const what = houses
      ? l4(`${d.units} maisons basse énergie`, `${d.units} energiezuinige woningen`, `${d.units} low-energy houses`, `${d.units} Niedrigenergiehäuser`)
      : l4(
          `${d.units - 2} appartements et ${2} emplacements de parking`,
          `${d.units - 2} appartementen en 2 parkeerplaatsen`,
          `${d.units - 2} apartments and 2 parking spaces`,
          `${d.units - 2} Wohnungen und 2 Stellplätze`,
        );
    return {
      ID: d.id,
      ProjectNumber: d.no,
      Name: d.name,
      PublicAddress: true,
      Street: d.street,
      HouseNumber: d.hn,
      Zip: d.town.zip,
      City: d.town.city,
      ...(d.town.names ? { CityNames: cityNames(d.town) } : {}),
      CountryID: 10,
      CountryName: BE_NAME,
      Latitude: Math.round((d.town.lat + 0.004) * 1e6) / 1e6,
      Longitude: Math.round((d.town.lng - 0.003) * 1e6) / 1e6,
      Delivery: d.delivery,
      Technical: l4(
        '<p>Construction traditionnelle en blocs béton isolés, façades en briques et enduit. Pompe à chaleur air-eau, chauffage par le sol, ventilation double flux et panneaux photovoltaïques. Châssis PVC triple vitrage. Niveau PEB A visé.</p>',
        '<p>Traditionele bouw met geïsoleerde betonblokken, gevels in baksteen en crepi. Lucht-waterwarmtepomp, vloerverwarming, ventilatiesysteem D en zonnepanelen. PVC-ramen met driedubbele beglazing. Beoogd EPC-label A.</p>',
        '<p>Traditional construction in insulated concrete blocks with brick and render façades. Air-to-water heat pump, underfloor heating, balanced mechanical ventilation with heat recovery and solar panels. Triple-glazed PVC windows. Target EPC rating A.</p>',
        '<p>Massivbauweise mit gedämmten Betonsteinen, Fassaden aus Klinker und Putz. Luft-Wasser-Wärmepumpe, Fußbodenheizung, kontrollierte Wohnraumlüftung mit Wärmerückgewinnung und Photovoltaik. PVC-Fenster mit Dreifachverglasung. Angestrebte Energieklasse A.</p>',
      ),
      Situation: mapL4(
        (lang) =>
          ({
            fr: `<p>À ${tn('fr')}, à quelques minutes du centre de Namur, des écoles, des commerces et de la gare. Accès rapide à la E411.</p>`,
            nl: `<p>In ${tn('nl')}, op enkele minuten van het centrum van Namen, scholen, winkels en het station. Vlotte toegang tot de E411.</p>`,
            en: `<p>In ${tn('en')}, a few minutes from central Namur, schools, shops and the railway station. Quick access to the E411 motorway.</p>`,
            de: `<p>In ${tn('de')}, wenige Minuten vom Zentrum von Namur, von Schulen, Geschäften und dem Bahnhof entfernt. Schneller Anschluss an die E411.</p>`,
          })[lang],
      ),
      Description: mapL4(
        (lang) =>
          ({
            fr: `<p>${d.name.fr} : un projet neuf de ${what.fr} à ${town}.</p><p>Finitions de qualité, grandes baies vitrées et espaces extérieurs pour chaque logement. Possibilité de TVA à 6 % sous conditions.</p>`,
            nl: `<p>${d.name.nl}: een nieuwbouwproject met ${what.nl} in ${tn('nl')}.</p><p>Kwaliteitsvolle afwerking, grote raampartijen en een buitenruimte bij elke woning. Btw aan 6 % mogelijk onder voorwaarden.</p>`,
            en: `<p>${d.name.en}: a new-build development of ${what.en} in ${tn('en')}.</p><p>Quality finishes, large windows and outdoor space for every home. 6 % VAT possible under conditions.</p>`,
            de: `<p>${d.name.de}: ein Neubauprojekt mit ${what.de} in ${tn('de')}.</p><p>Hochwertige Ausstattung, große Fensterflächen und ein Außenbereich für jede Wohneinheit. Mehrwertsteuer von 6 % unter Bedingungen möglich.</p>`,
          })[lang],
      ),
      Photos: photos(d.id, 5, 'facade', ['living', 'kitchen', 'terrace', 'view']),
      Documents: [doc('brochure', false, `/media/demo/${d.id}/brochure.pdf`), doc('floor-plan'), doc('epc')],
      ExternalUrl: d.ext,
      PriceMin: Math.min(...prices),
      PriceMax: Math.max(...prices),
      Units: units,
      CreateDate: isoTime(ANCHOR - (200 - pi * 40) * DAY),
    };
  });
}

/** Pure: n properties (44:18:6 sale BE : rent BE : Luxembourg) and the three projects. */
