import { units } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { parseForeFlightCsv } from './parse-foreflight-csv.ts';
import { parseTrackFile } from './parse-track-file.ts';

/** The layout ForeFlight exports a track log in: the flight's details and their values, then the track (values made up here). */
const trackLog = [
  'Pilot,Tail Number,Derived Origin,Start Latitude,Start Longitude,Derived Destination,End Latitude,End Longitude,Start Time,End Time,Total Duration,Total Distance,Initial Attitude Source,Device Model,Device Model Detailed,iOS Version,Battery Level,Battery State,GPS Source,Maximum Vertical Error,Minimum Vertical Error,Average Vertical Error,Maximum Horizontal Error,Minimum Horizontal Error,Average Horizontal Error,Imported From,Route Waypoints',
  '"","N172SP","KPAO",37.4612,-122.115,"KPAO",37.4612,-122.115,1714579330000,1714579333000,3.0,0.1,"None","iPad","iPad16,2","18.6",0.6,"iOS",16.0,2.4,2.8,14.0,1.7,2.4,"iOS","KPAO KPAO"',
  'Timestamp,Latitude,Longitude,Altitude,Course,Speed,Bank,Pitch,Horizontal Error,Vertical Error',
  '1.71457933E9,37.4612,-122.115,10.0,-1,-1,0.1,1.5,3.5,3.0',
  '1.714579331E9,37.4613,-122.115,12.0,0.0,21.6,-0.2,2.0,3.5,3.0',
  '1.7145793320004E9,37.4614,-122.115,14.0,0.5,21.6,-0.4,2.5,3.5,3.0',
].join('\n');

describe('parseForeFlightCsv', () => {
  it('reads epoch-second times, feet, knots, bank and pitch; -1 is no course or speed', () => {
    const [stopped, moving, last] = parseForeFlightCsv(trackLog);
    expect(stopped).toMatchObject({ timestamp: Date.UTC(2024, 4, 1, 16, 2, 10), heading: null, speed: null, roll_deg: 0.1, pitch_deg: 1.5 });
    expect(moving!.altitude! * units.feetPerMetre).toBeCloseTo(12, 6);
    expect(moving!.speed! * units.knotsPerMetrePerSecond).toBeCloseTo(21.6, 6);
    expect(last!.timestamp).toBe(Date.UTC(2024, 4, 1, 16, 2, 12));
  });

  it('is recognised by its first row, whatever the file is called', () => {
    const imported = parseTrackFile('tracklog-E5A1.txt', Buffer.from(trackLog));
    expect(imported.format).toBe('csv');
    expect(imported.points).toHaveLength(3);
  });

  it('refuses a track log without its track rows, saying what is missing', () => {
    expect(() => parseForeFlightCsv(trackLog.split('\n').slice(0, 2).join('\n'))).toThrow(
      'This ForeFlight track log has no track column row (Timestamp, Latitude, Longitude, …).',
    );
  });
});
