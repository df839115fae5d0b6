/** `npm run build:assets -w services/search`: writes generated/airports.csv (done at image build time). */
import { writeAirportsCsv } from './airports-csv';

process.stdout.write(`wrote ${writeAirportsCsv()}\n`);
