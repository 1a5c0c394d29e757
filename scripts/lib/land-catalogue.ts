/**
 * Who publishes each layer and table, under which licence, where a buyer can check it, and
 * how long a build of it stays good. What an operator downloads is named in the operator's
 * guide (docs/land-facts.md); a licence here is the one the publisher's record states, and an
 * operator who takes a layer under other terms says so with --licence.
 */
import type { LayerName, TableName } from '../../content/land/layers.ts';

export interface CatalogueEntry {
  publisher: string;
  title: string;
  licence: string;
  attribution: string;
  viewer: string | null;
  /** A build of it is shown this many months after the data's date, then expires until rebuilt. */
  validMonths: number;
}

const WALONMAP = 'https://geoportail.wallonie.be/walonmap';
const GEOPUNT = 'https://www.geopunt.be/';

export const CATALOGUE: Record<LayerName | TableName, CatalogueEntry> = {
  'flood-wallonia': {
    publisher: 'SPW',
    title: 'Cartographie de l’aléa d’inondation par débordement de cours d’eau',
    licence: 'CC BY 4.0',
    attribution: '© SPW – Géoportail de la Wallonie',
    viewer: WALONMAP,
    validMonths: 72,
  },
  'runoff-wallonia': {
    publisher: 'SPW',
    title: 'Cartographie de l’aléa d’inondation par ruissellement (axes de ruissellement concentré)',
    licence: 'CC BY 4.0',
    attribution: '© SPW – Géoportail de la Wallonie',
    viewer: WALONMAP,
    validMonths: 72,
  },
  'flood-flanders-parcel': {
    publisher: 'VMM',
    title: 'Overstromingsgevoeligheid – P-score per perceel (informatieplicht)',
    licence: 'Modellicentie Gratis Hergebruik v1.0',
    attribution: '© Vlaamse Milieumaatschappij',
    viewer: 'https://www.waterinfo.vlaanderen.be/',
    validMonths: 36,
  },
  'flood-flanders-building': {
    publisher: 'VMM',
    title: 'Overstromingsgevoeligheid – G-score per gebouw (informatieplicht)',
    licence: 'Modellicentie Gratis Hergebruik v1.0',
    attribution: '© Vlaamse Milieumaatschappij',
    viewer: 'https://www.waterinfo.vlaanderen.be/',
    validMonths: 36,
  },
  'flood-luxembourg': {
    publisher: 'Administration de la gestion de l’eau',
    title: 'Zones inondables (HQ10, HQ100, HQextrême)',
    licence: 'CC0',
    attribution: '© Administration de la gestion de l’eau – geoportail.lu',
    viewer: 'https://map.geoportail.lu/',
    validMonths: 72,
  },
  'zoning-wallonia': {
    publisher: 'SPW',
    title: 'Plan de secteur',
    licence: 'Conditions générales d’utilisation des données du SPW',
    attribution: '© SPW – Géoportail de la Wallonie',
    viewer: WALONMAP,
    validMonths: 24,
  },
  'zoning-flanders': {
    publisher: 'Departement Omgeving',
    title: 'Gewestplan',
    licence: 'Modellicentie Gratis Hergebruik v1.0',
    attribution: '© Departement Omgeving',
    viewer: GEOPUNT,
    validMonths: 24,
  },
  'noise-road': {
    publisher: 'SPW / Departement Omgeving',
    title: 'Cartes stratégiques de bruit routier (Lden)',
    licence: 'CC BY 4.0',
    attribution: '© SPW – © Departement Omgeving',
    viewer: WALONMAP,
    validMonths: 72,
  },
  'noise-rail': {
    publisher: 'SPW / Departement Omgeving',
    title: 'Cartes stratégiques de bruit ferroviaire (Lden)',
    licence: 'CC BY 4.0',
    attribution: '© SPW – © Departement Omgeving',
    viewer: WALONMAP,
    validMonths: 72,
  },
  communes: { publisher: 'Statbel', title: 'Secteurs statistiques – communes', licence: 'Licence ouverte Statbel', attribution: '© Statbel', viewer: null, validMonths: 60 },
  sectors: { publisher: 'Statbel', title: 'Secteurs statistiques', licence: 'Licence ouverte Statbel', attribution: '© Statbel', viewer: null, validMonths: 60 },
  radon: {
    publisher: 'AFCN / FANC',
    title: 'Classes de risque radon par commune',
    licence: 'Réutilisation avec mention de la source',
    attribution: '© Agence fédérale de contrôle nucléaire',
    viewer: 'https://fanc.fgov.be/fr/dossiers/radon',
    validMonths: 120,
  },
  statbel: {
    publisher: 'Statbel',
    title: 'Ventes de biens immobiliers (prix médians des actes)',
    licence: 'Licence ouverte Statbel (source et date)',
    attribution: 'Source : Statbel',
    viewer: 'https://statbel.fgov.be/fr/themes/habitat/prix-de-limmobilier',
    validMonths: 18,
  },
  observatoire: {
    publisher: 'Observatoire de l’Habitat',
    title: 'Prix de vente par commune (€/m²)',
    licence: 'CC0',
    attribution: 'Source : Observatoire de l’Habitat – Ministère du Logement',
    viewer: 'https://logement.public.lu/fr/observatoire-habitat.html',
    validMonths: 18,
  },
};

/** The last day a build of data dated `date` is shown. */
export function validToOf(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
