import { industries, type Industry } from '#contract/roles.ts';

export interface IndustryMetric {
  name: string;
  /** Short enough for a table cell; the demo advisor shows it beside the metric. */
  why: string;
}

export interface IndustryContext {
  economics: string;
  keyMetrics: readonly IndustryMetric[];
  regulation: readonly string[];
  currentDynamics: readonly string[];
  typicalRisks: readonly string[];
}

/*
 * Dynamics are written without years or "this quarter" so the text does not rot;
 * the model supplies recency from its own knowledge and the user's context.
 */
export const industryContexts = {
  'Aerospace & Defense': {
    economics:
      'Revenue comes from long-cycle programs: government defense contracts (cost-plus or fixed-price), commercial aircraft and engine deliveries, and high-margin aftermarket parts and services over fleet lives measured in decades. Margins are decided by program execution, learning curves and contract type, and erode through fixed-price development overruns and supplier delays.',
    keyMetrics: [
      { name: 'Backlog and book-to-bill', why: 'Years of visible revenue, or a gap coming' },
      { name: 'Estimate at completion vs. budget', why: 'Early warning of a program overrun' },
      { name: 'Cost and schedule performance index (CPI/SPI)', why: 'Earned-value health the customer also sees' },
      { name: 'On-time delivery and production rate', why: 'Whether the ramp is real' },
      { name: 'Aftermarket share of revenue', why: 'The margin engine behind the installed base' },
      { name: 'Free cash flow conversion', why: 'Milestone payments vs. inventory build' },
    ],
    regulation: [
      'FAA and EASA airworthiness certification',
      'ITAR and EAR export controls',
      'FAR and DFARS contract clauses, including cost accounting standards',
      'CMMC cybersecurity requirements for defense contractors',
      'AS9100 quality management',
    ],
    currentDynamics: [
      'Supply constraints in castings, forgings, engines and skilled labor are capping production ramps',
      'Defense budgets and munitions demand are rising amid geopolitical tension',
      'Pressure to decarbonize aviation through sustainable fuels and new propulsion',
      'Commercial space, drones and new entrants are reshaping procurement',
    ],
    typicalRisks: [
      'Cost overruns on fixed-price development contracts',
      'Export-control violations and the debarment that can follow',
      'Failure of a single-source supplier',
      'Certification or qualification delays',
    ],
  },
  Energy: {
    economics:
      'Upstream producers and merchant generators earn commodity-linked margins, while regulated utilities and pipelines earn an allowed return on their rate base. Capital intensity is extreme, so cost of capital, asset utilization and commodity price exposure decide returns.',
    keyMetrics: [
      { name: 'Levelized cost of energy (LCOE)', why: 'Whether a new asset competes on cost' },
      { name: 'Capacity factor', why: 'How hard the assets are actually working' },
      { name: 'Production cost per barrel or MWh', why: 'Margin cushion when prices fall' },
      { name: 'Rate base growth and allowed ROE', why: 'The earnings engine of a regulated utility' },
      { name: 'Reserve replacement ratio', why: 'Whether an upstream business is shrinking' },
      { name: 'Safety rate (TRIR) and emissions intensity', why: 'License to operate' },
    ],
    regulation: [
      'FERC (wholesale markets, interstate transmission and pipelines)',
      'NERC reliability standards, including CIP cybersecurity',
      'State public utility commissions and rate cases',
      'EPA emissions and environmental rules',
      'PHMSA pipeline safety',
    ],
    currentDynamics: [
      'Renewables and storage build-out slowed by interconnection queues and permitting',
      'Load growth from data centers, electrification and reshored industry',
      'Commodity price volatility driven by geopolitics',
      'Grid reliability under extreme weather',
    ],
    typicalRisks: [
      'Commodity price swings',
      'Stranded assets as the energy mix shifts',
      'Adverse rate-case or permitting decisions',
      'Safety, environmental or grid-cyber incidents',
    ],
  },
  Finance: {
    economics:
      'Banks earn net interest margin between lending and funding costs plus fee income; asset managers earn fees on assets under management; insurers earn underwriting profit and investment income on the float. Margins go to funding costs, credit losses, compliance and technology, and to the capital that must be held against risk.',
    keyMetrics: [
      { name: 'Net interest margin', why: 'Core lending profitability' },
      { name: 'Return on tangible equity', why: 'Return on the capital actually at risk' },
      { name: 'Efficiency (cost-to-income) ratio', why: 'How much each dollar of revenue costs' },
      { name: 'CET1 capital ratio', why: 'Headroom above regulatory minimums' },
      { name: 'Non-performing loans and credit losses', why: 'Credit quality before it hits earnings' },
      { name: 'AUM and net flows', why: 'Fee base momentum for asset managers' },
    ],
    regulation: [
      'SEC and FINRA (securities and broker-dealers)',
      'Basel III capital and liquidity rules',
      'Federal Reserve, OCC and FDIC supervision',
      'Bank Secrecy Act AML/KYC and OFAC sanctions',
      'CFPB consumer protection',
    ],
    currentDynamics: [
      'Interest-rate moves reshaping deposit costs and loan demand',
      'Fintech, embedded finance and real-time payments competing for customers',
      'AI in underwriting, fraud and advice under model-risk scrutiny',
      'Private credit taking share from bank lending',
    ],
    typicalRisks: [
      'Credit losses in a downturn',
      'Liquidity stress and deposit flight',
      'Regulatory enforcement and fines',
      'Fraud and cyberattacks',
    ],
  },
  'Food & Beverage': {
    economics:
      'Producers earn the gross margin between commodity inputs (grains, dairy, sugar, packaging, energy) and the price retailers and foodservice will accept, and pay for shelf space through trade spend. Margins are won through scale, pricing power and mix, and lost to input inflation, promotions and waste.',
    keyMetrics: [
      { name: 'Gross margin per case', why: 'Pricing power net of input costs' },
      { name: 'Trade spend as a share of revenue', why: 'What shelf space really costs' },
      { name: 'Velocity (units per store per week)', why: 'Whether shoppers pull the product' },
      { name: 'Distribution (ACV %)', why: 'How many shoppers can find it' },
      { name: 'On-time in-full fill rate', why: 'Retailer fines and lost sales' },
      { name: 'Waste and shrink', why: 'Perishability eats margin fast' },
    ],
    regulation: [
      'FDA and the Food Safety Modernization Act (FSMA) preventive controls',
      'USDA FSIS for meat, poultry and egg products',
      'Nutrition and allergen labeling rules',
      'FTC rules on advertising and health claims',
      'TTB for alcoholic beverages',
    ],
    currentDynamics: [
      'Private label gaining share as shoppers trade down',
      'Health trends and appetite-suppressing drugs shifting what and how much people eat',
      'Input-cost volatility testing price elasticity',
      'Retailer consolidation and retail media raising the cost of shelf presence',
    ],
    typicalRisks: [
      'Contamination and product recalls',
      'Commodity and packaging cost spikes',
      'Being delisted by a major retailer',
      'Scrutiny of health or sustainability claims',
    ],
  },
  Healthcare: {
    economics:
      'Providers are paid per service, and increasingly per outcome, by Medicare, Medicaid and commercial insurers, so payer mix and reimbursement rates drive revenue while labor is the largest cost. Pharma and med-tech earn high gross margins on protected products but spend heavily on R&D and face patent cliffs.',
    keyMetrics: [
      { name: 'Payer mix and net revenue per case', why: 'Who pays, and how much' },
      { name: 'Operating margin', why: 'Thin in providers; every point matters' },
      { name: 'Claim denial rate and days in A/R', why: 'Revenue earned but not collected' },
      { name: 'Length of stay and occupancy', why: 'Capacity and cost per episode' },
      { name: 'Readmissions and quality scores', why: 'Penalties and value-based payments' },
      { name: 'Labor cost per adjusted patient day', why: 'The biggest cost line' },
    ],
    regulation: [
      'HIPAA privacy and security rules',
      'FDA (drugs, devices and software as a medical device)',
      'CMS reimbursement rules and conditions of participation',
      'Stark Law and the Anti-Kickback Statute',
      'State licensing and certificate-of-need laws',
    ],
    currentDynamics: [
      'Gradual shift from fee-for-service to value-based care',
      'Clinician shortages and burnout driving labor costs',
      'Care moving to outpatient, ambulatory and home settings',
      'AI in clinical documentation, coding and diagnostics',
    ],
    typicalRisks: [
      'Patient safety events',
      'Reimbursement cuts and payer disputes',
      'Breaches of protected health information',
      'Billing and coding compliance failures',
    ],
  },
  Manufacturing: {
    economics:
      'Manufacturers convert materials, labor and energy into products and earn the spread between selling price and cost of goods; high fixed costs make utilization decisive. Margins depend on scale, mix, pricing discipline and productivity, and leak through scrap, downtime, expediting and warranty claims.',
    keyMetrics: [
      { name: 'Overall equipment effectiveness (OEE)', why: 'Capacity hidden in existing lines' },
      { name: 'Gross margin and cost per unit', why: 'Whether pricing covers real cost' },
      { name: 'First-pass yield', why: 'Scrap and rework drain margin' },
      { name: 'Inventory turns', why: 'Cash locked in materials and WIP' },
      { name: 'On-time delivery', why: 'What customers judge you on' },
      { name: 'Safety incident rate (TRIR)', why: 'People first, and a leading indicator' },
    ],
    regulation: [
      'OSHA workplace safety',
      'EPA air, water and waste permits',
      'ISO 9001 and ISO 14001 certification',
      'Product safety rules (CPSC) and REACH/RoHS for export markets',
      'Tariffs, trade remedies and export controls',
    ],
    currentDynamics: [
      'Reshoring and nearshoring of supply chains',
      'Automation, robotics and industrial AI',
      'Shortages of skilled trades and technicians',
      'Tariff changes redrawing sourcing decisions',
    ],
    typicalRisks: [
      'Supplier disruption and material shortages',
      'Unplanned equipment downtime',
      'Serious safety incidents',
      'Cyclical demand leaving capacity idle',
    ],
  },
  Music: {
    economics:
      'Revenue flows from streaming, publishing, sync licensing, live performance and merchandise; streaming pays out by share of total plays, so catalog scale matters. Labels and publishers take shares of the master and composition royalties, artists earn most from touring and merch, and margins go to marketing, advances and royalty splits.',
    keyMetrics: [
      { name: 'Streams and monthly listeners', why: 'Reach that drives royalty share' },
      { name: 'Royalty revenue per stream', why: 'Differs widely by platform and tier' },
      { name: 'Catalog share of revenue', why: 'Durable income that supports valuation' },
      { name: 'Advance recoupment rate', why: 'Whether artist deals earn back' },
      { name: 'Ticket sell-through and gross per show', why: 'Where artists actually earn' },
      { name: 'Sync licensing income', why: 'High-margin, placement-driven revenue' },
    ],
    regulation: [
      'Performing rights organizations (ASCAP, BMI, SESAC, GMR)',
      'Mechanical licensing and the Mechanical Licensing Collective (MLC)',
      'Copyright Royalty Board rate setting',
      'SoundExchange for digital performance of sound recordings',
      'Copyright law and DMCA takedowns',
    ],
    currentDynamics: [
      'Catalogs bought and financed as an asset class',
      'Streaming price rises and artist-centric payout models',
      'AI-generated music and disputes over training data',
      'Superfan products, and scrutiny of ticket pricing and resale',
    ],
    typicalRisks: [
      'Disputes over rights ownership and splits',
      'Dependence on a few streaming platforms',
      'Advances that never recoup',
      'Infringement, including by AI-generated works',
    ],
  },
  Retail: {
    economics:
      'Retailers earn gross margin between buying and selling price and must cover stores or fulfillment, labor and occupancy on thin operating margins. Returns depend on inventory turns, sales density and full-price sell-through, and leak through markdowns, shrink, returns and last-mile delivery.',
    keyMetrics: [
      { name: 'Comparable-store sales', why: 'Growth without new-store noise' },
      { name: 'Gross margin and markdown rate', why: 'Full-price selling vs. clearance' },
      { name: 'Inventory turns and weeks of supply', why: 'Cash and markdown risk in stock' },
      { name: 'Sales per square foot', why: 'Productivity of the store fleet' },
      { name: 'Conversion rate and average order value', why: 'Traffic turned into revenue' },
      { name: 'Shrink rate', why: 'Theft and error straight off profit' },
    ],
    regulation: [
      'FTC rules on advertising, pricing and endorsements',
      'PCI DSS for card data',
      'State privacy laws such as CCPA/CPRA',
      'CPSC product safety and recalls',
      'ADA accessibility for stores and websites',
    ],
    currentDynamics: [
      'Omnichannel fulfillment: buy online, pick up in store, same-day delivery',
      'Retail media networks as a new profit pool',
      'Value-seeking shoppers and trade-down to private label',
      'Organized retail crime pushing shrink up',
    ],
    typicalRisks: [
      'Buying the wrong inventory, then marking it down',
      'Margin erosion from price competition',
      'Payment-card data breaches',
      'Supply delays missing the season',
    ],
  },
  Technology: {
    economics:
      'Software earns high gross margins on recurring subscriptions, with most cost in R&D and in the sales and marketing spent to acquire customers; hardware and services earn lower margins. Value follows growth, retention and operating leverage, and margins go to cloud hosting, acquisition cost and talent.',
    keyMetrics: [
      { name: 'ARR growth', why: 'The headline of momentum' },
      { name: 'Net revenue retention', why: 'Whether customers grow or leave' },
      { name: 'Gross margin', why: 'Hosting and support cost per dollar' },
      { name: 'CAC payback (months)', why: 'Efficiency of go-to-market spend' },
      { name: 'Rule of 40', why: 'Balance of growth and profitability' },
      { name: 'Logo churn', why: 'Product-market fit, customer by customer' },
    ],
    regulation: [
      'GDPR and CCPA/CPRA data protection',
      'EU AI Act obligations for AI systems',
      'FTC enforcement on unfair practices and dark patterns',
      'SOC 2 and ISO 27001 assurance expected by customers',
      'Export controls on advanced chips and encryption',
    ],
    currentDynamics: [
      'Generative AI rewriting products, pricing and engineering work',
      'Buyers consolidating vendors and scrutinizing every seat',
      'Cloud and AI compute costs squeezing gross margins',
      'Open-source models and tools lowering barriers to entry',
    ],
    typicalRisks: [
      'Commoditization by larger platforms or AI',
      'A security breach that costs customer trust',
      'Losing key engineering talent',
      'Dependence on one cloud or platform partner',
    ],
  },
  'TV & Film': {
    economics:
      'Studios and streamers invest up front in content and recoup it across windows: theatrical, subscription and ad-supported streaming, licensing to other platforms and international sales. Returns depend on hit rate and library value; margins go to talent, production, marketing and residuals.',
    keyMetrics: [
      { name: 'Box office vs. production and P&A cost', why: 'Theatrical return on a title' },
      { name: 'Subscriber churn and ARPU', why: 'Streaming economics per member' },
      { name: 'Cost per viewing hour', why: 'Content spend vs. engagement' },
      { name: 'Completion rate', why: 'Whether audiences finish the story' },
      { name: 'Library licensing revenue', why: 'Long-tail value of owned titles' },
      { name: 'Ad CPM and fill rate', why: 'Ad-tier monetization' },
    ],
    regulation: [
      'FCC broadcast licensing and content rules',
      'Guild agreements (SAG-AFTRA, WGA, DGA, IATSE), including residuals',
      'Copyright and clean chain of title',
      'Production tax incentive rules by state and country',
      'MPA ratings',
    ],
    currentDynamics: [
      'Streamers prioritizing profitability over subscriber growth, with ad tiers and bundles',
      'Fewer, bigger productions and more licensing to rivals',
      'AI in production under negotiated guild protections',
      'Free ad-supported streaming channels reviving library value',
    ],
    typicalRisks: [
      'Production budget and schedule overruns',
      'Labor disputes halting production',
      'Chain-of-title and IP claims',
      'Hit-driven revenue volatility',
    ],
  },
  Transportation: {
    economics:
      'Carriers sell capacity by the mile, load, seat or container, so revenue depends on rates and utilization while fuel, labor and equipment dominate costs. Margins are thin and cyclical; empty miles, idle assets and fuel swings decide profitability.',
    keyMetrics: [
      { name: 'Operating ratio', why: 'Cost per dollar of revenue, the core test' },
      { name: 'Revenue per mile (yield)', why: 'Pricing against the freight cycle' },
      { name: 'Asset utilization and empty miles', why: 'Idle capacity is pure cost' },
      { name: 'Cost per mile', why: 'Fuel, labor and maintenance discipline' },
      { name: 'On-time performance', why: 'What shippers renew contracts on' },
      { name: 'Driver turnover and crash rate', why: 'Safety, insurance and hiring cost' },
    ],
    regulation: [
      'FMCSA and DOT (hours of service, ELDs, driver qualification)',
      'FAA for aviation operations',
      'FRA and STB for rail',
      'Federal Maritime Commission for ocean shipping',
      'EPA and CARB emissions rules',
    ],
    currentDynamics: [
      'Freight cycles swinging between overcapacity and tight markets',
      'Driver and technician shortages',
      'Electrification and alternative fuels for fleets',
      'Digital freight brokerage and visibility platforms',
    ],
    typicalRisks: [
      'Crashes and very large jury verdicts',
      'Fuel price spikes',
      'Overcapacity depressing rates',
      'Cyberattacks that stop dispatch and operations',
    ],
  },
  'Travel & Leisure': {
    economics:
      'Hotels, airlines, cruise lines and attractions sell perishable inventory, so revenue management of price and occupancy drives results, and high fixed costs create strong operating leverage. Margins go to labor, distribution commissions, fuel and maintenance, and loyalty program liabilities.',
    keyMetrics: [
      { name: 'RevPAR (or revenue per available seat mile)', why: 'Price and occupancy in one number' },
      { name: 'Average daily rate and occupancy', why: 'Which lever is moving RevPAR' },
      { name: 'Direct booking share', why: 'Commissions avoided, guest data owned' },
      { name: 'Guest satisfaction (NPS, review scores)', why: 'Drives rate and repeat stays' },
      { name: 'Ancillary revenue per guest', why: 'Margin beyond the room or seat' },
      { name: 'Labor cost per occupied room', why: 'The largest controllable cost' },
    ],
    regulation: [
      'DOT consumer protection (refunds and fee disclosure)',
      'FTC rules on hidden and junk fees',
      'ADA accessibility',
      'PCI DSS and guest privacy laws',
      'Local short-term rental, health and safety codes',
    ],
    currentDynamics: [
      'Consumers prioritizing experiences and premium travel',
      'Online travel agencies and direct channels competing for the booking',
      'AI-driven dynamic pricing and trip planning',
      'Overtourism limits and short-term rental regulation',
    ],
    typicalRisks: [
      'Demand shocks from pandemics, geopolitics or weather',
      'Labor shortages limiting service',
      'Reputational damage from public reviews',
      'Cyberattacks on booking and loyalty systems',
    ],
  },
} as const satisfies Record<Industry, IndustryContext>;

/** Used for an unknown industry string: grounded in general business, without pretending to specifics. */
export const genericIndustry: IndustryContext = {
  economics:
    'Assume a typical company that earns revenue from customers and must keep costs, working capital and risk under control; ask about the specific business model when it matters.',
  keyMetrics: [
    { name: 'Revenue growth', why: 'Momentum with customers' },
    { name: 'Gross margin', why: 'Room to fund the business' },
    { name: 'Operating cash flow', why: 'Whether growth pays for itself' },
    { name: 'Customer retention', why: 'Durability of revenue' },
  ],
  regulation: ['Sector-specific rules vary: ask which regulators oversee this business'],
  currentDynamics: ['Cost pressure and demand for efficiency', 'Adoption of AI and automation'],
  typicalRisks: ['Execution risk', 'Competitive pressure', 'Key-person dependence'],
};

export function findIndustryContext(industry: string): IndustryContext | undefined {
  return (industries as readonly string[]).includes(industry) ? industryContexts[industry as Industry] : undefined;
}
