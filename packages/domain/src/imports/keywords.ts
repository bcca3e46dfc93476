/**
 * Built-in merchant keywords → default sub-category names, the importer's second guess after the
 * person's own history. Keywords match whole words of the payee key, so 'shell' never matches
 * 'shellfish'; the table is ordered and the first match wins ('uber eats' before 'uber').
 */
import type { TransactionType } from '../ledger/transactions';
import { payeeKey } from './payee';

export interface KeywordRule {
  /** Whole words of a payee key, e.g. 'trader joes'. */
  keywords: readonly string[];
  subcategory: string;
  type: TransactionType;
}

const expense = (subcategory: string, keywords: string): KeywordRule => ({ keywords: keywords.split(','), subcategory, type: 'expense' });
const income = (subcategory: string, keywords: string): KeywordRule => ({ keywords: keywords.split(','), subcategory, type: 'income' });

export const KEYWORD_RULES: readonly KeywordRule[] = [
  income('Paycheck', 'payroll,direct dep,direct deposit,dir dep,salary,adp,gusto,paychex'),
  income('Interest', 'interest paid,interest earned,interest payment,int earned'),
  income('Dividends', 'dividend,dividends'),
  income('Tax Refund', 'irs treas,tax ref,tax refund,state tax refund'),
  income('Government Benefits', 'ssa treas,ssi treas,unemployment,va benefit'),
  expense('Takeout & Delivery', 'uber eats,ubereats,doordash,grubhub,postmates,seamless,caviar,instacart'),
  expense('Rideshare & Taxi', 'uber,lyft,taxi,yellow cab,curb'),
  expense('Fuel', 'shell,chevron,exxon,exxonmobil,mobil,arco,76,costco gas,sinclair,texaco,valero,citgo,sunoco,marathon petro,speedway,circle k,bp,conoco,phillips 66,quiktrip,qt,wawa,sheetz,kwik trip,loves travel,pilot,flying j,gas station'),
  expense('Coffee Shops', 'starbucks,dutch bros,peets,peet s,blue bottle,dunkin,tim hortons,caribou coffee,philz,coffee,cafe,espresso'),
  expense('Streaming Subscriptions', 'netflix,spotify,hulu,disney plus,disneyplus,disney,hbo max,max com,youtube premium,youtube tv,paramount,peacock,apple music,pandora,sling,crunchyroll,audible'),
  expense('Groceries', 'safeway,kroger,trader joes,trader joe,whole foods,wholefds,fred meyer,aldi,publix,walmart grocery,albertsons,vons,ralphs,qfc,heb,h e b,meijer,wegmans,food lion,giant eagle,stop shop,sprouts,winco,smiths,harris teeter,piggly wiggly,hy vee,market basket,save mart,food 4 less,grocery,supermarket,grocery outlet,new seasons,natural grocers,costco whse,costco'),
  expense('Electric', 'pge,pg e,pacific gas,con edison,coned,duke energy,southern california edison,sce,portland general,pacific power,georgia power,dominion energy,xcel energy,fpl,florida power,electric,entergy,ameren,pepco,comed,puget sound energy'),
  expense('Gas & Heating', 'nw natural,northwest natural,socalgas,southern california gas,nicor,piedmont natural,atmos energy,centerpoint,national grid,spire,peoples gas'),
  expense('Water & Sewer', 'water,sewer,water bureau,water dept,water utility,american water'),
  expense('Trash & Recycling', 'waste management,republic services,recology,trash,garbage'),
  expense('Internet', 'comcast,xfinity,spectrum,charter,cox comm,centurylink,frontier,google fiber,sonic net,astound,wave broadband,starlink,ziply'),
  expense('Cell Phone', 'verizon,vzw,t mobile,tmobile,at t,att,sprint,cricket,mint mobile,metro by t mobile,metropcs,boost mobile,visible,google fi,us cellular'),
  expense('Cable & TV', 'directv,dish network,dish'),
  expense('Dining Out', 'mcdonalds,mcdonald s,chipotle,burger king,wendys,taco bell,subway,chick fil a,kfc,popeyes,panera,olive garden,applebees,chilis,ihop,dennys,five guys,in n out,shake shack,panda express,jack in the box,sonic drive,arbys,dominos,pizza hut,papa johns,little caesars,jimmy johns,jersey mikes,qdoba,noodles,red robin,buffalo wild wings,cheesecake factory,texas roadhouse,restaurant,grill,pizza,sushi,taqueria,diner,bistro,kitchen,bbq'),
  expense('Alcohol & Bars', 'bevmo,total wine,liquor,brewing,brewery,pub,tavern,bar'),
  expense('Pharmacy', 'cvs,walgreens,rite aid,pharmacy'),
  expense('Gym & Fitness', 'planet fitness,la fitness,24 hour fitness,equinox,anytime fitness,orangetheory,peloton,ymca,gym'),
  expense('Public Transit', 'trimet,bart,mta,clipper,ventra,septa,wmata,metro transit,amtrak,orca'),
  expense('Parking & Tolls', 'parking,parkmobile,toll,ez pass,ezpass,fastrak,sunpass'),
  expense('Online Shopping', 'amazon,amzn,ebay,etsy,wayfair,chewy,temu,shein,aliexpress'),
  expense('General Merchandise', 'target,walmart,wal mart,kmart,dollar tree,dollar general,family dollar,five below,big lots,marshalls,tj maxx,ross stores'),
  expense('Furniture & Home Goods', 'home depot,lowes,ikea,bed bath,crate barrel,pottery barn,west elm,ace hardware'),
  expense('Electronics & Software', 'best buy,apple com,microsoft,adobe,steam games,nintendo,playstation,xbox'),
  expense('Credit Card Payment', 'credit card payment,card payment,autopay,epay,cardmember serv'),
  expense('Bank Fees', 'service fee,overdraft,nsf fee,monthly maintenance fee,atm fee,foreign transaction fee,late fee,annual fee'),
  expense('Charity & Donations', 'red cross,unicef,goodwill,salvation army,gofundme,donation'),
  expense('Travel & Vacation', 'airbnb,vrbo,expedia,delta air,united airlines,american airlines,southwest air,alaska air,jetblue,marriott,hilton,hyatt,hotel,airlines'),
  expense('Pet Care', 'petco,petsmart,banfield,veterinary,vet clinic'),
  expense('Hair & Beauty', 'sephora,ulta,great clips,supercuts,salon,barber'),
];

/** Pads a key with spaces so a keyword matches whole words only. */
const padded = (text: string): string => ` ${text} `;

/**
 * The default sub-category name a payee's keywords suggest, or null. With a type, only rules of
 * that type apply: a 'PAYROLL' debit is not a paycheck.
 */
export function categorizeByKeyword(payeeName: string, type?: TransactionType): string | null {
  // The raw words count too: 'DIRECT DEP ACME' normalizes to 'Acme' but still says paycheck.
  const raw = payeeName.toLowerCase().replace(/['\u2019]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
  const key = `${padded(payeeKey(payeeName))}${padded(raw)}`;
  for (const rule of KEYWORD_RULES) {
    if (type && rule.type !== type) continue;
    if (rule.keywords.some((keyword) => key.includes(padded(keyword)))) return rule.subcategory;
  }
  return null;
}
