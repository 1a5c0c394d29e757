/** What pages show of travel by public transport: a listing's journeys to the agency's hubs. */

/** How a journey's first leg goes: a vehicle's mode, or on foot when the hub is that close. */
export type TravelMode = 'train' | 'bus' | 'tram' | 'metro' | 'boat' | 'walk';

/** A listing's fastest journey to one hub, arriving by the site's hour on the typical weekday. */
export interface TravelJourneyView {
  hub: string;
  hubName: string;
  /** Door to hub, the walk to the stop included, rounded up. */
  minutes: number;
  changes: number;
  mode: TravelMode;
  /** The first vehicle's departure (HH:MM); empty when the whole way is on foot. */
  departure: string;
  /** The stop the walk leads to (the station boarded), and where it is. */
  stop: string;
  lat: number;
  lng: number;
  walkMeters: number;
}

/** What a property page says of travel by public transport. */
export interface TravelView {
  /** The typical weekday the journeys are of, and the last day the timetables are valid. */
  day: string;
  validTo: string;
  arriveBy: string;
  maxWalkMeters: number;
  /** No stop served in the morning within the longest walk. */
  far: boolean;
  /** Counted from the listing's approximate position: its address is not published, and its walks must not give it away. */
  approximate: boolean;
  journeys: TravelJourneyView[];
  /** Hubs no journey from here reaches by `arriveBy`. */
  unreachable: { hub: string; hubName: string }[];
}
