/** The demo agency's vendors; the three Direct Drop locations among them. */
export const DEMO_VENDORS = [
  {
    name: 'Manheim Birmingham',
    type: 'auction',
    address: '1200 Auction Rd, Birmingham, AL 35211',
    phone: '(205) 555-0140',
    email: 'birmingham@manheim.example',
  },
  {
    name: 'Copart Mobile',
    type: 'auction',
    address: '5800 Copart Dr, Mobile, AL 36619',
    phone: '(251) 555-0151',
    email: 'mobile@copart.example',
  },
  {
    name: 'Enterprise Rent-A-Car',
    type: 'rental',
    address: '300 Airport Blvd, Mobile, AL 36608',
    phone: '(251) 555-0162',
    email: null,
  },
  {
    name: 'Birmingham Storage',
    type: 'storage_lot',
    address: '45 Industrial Pkwy, Birmingham, AL 35203',
    phone: '(205) 555-0173',
    email: null,
  },
  {
    name: 'Montgomery Impound',
    type: 'storage_lot',
    address: '910 Eastern Blvd, Montgomery, AL 36117',
    phone: '(334) 555-0184',
    email: null,
  },
  {
    name: 'Pop-A-Lock Birmingham',
    type: 'locksmith',
    address: null,
    phone: '(205) 555-0195',
    email: 'dispatch@popalock.example',
  },
  {
    name: 'Gulf Coast Transport',
    type: 'transporter',
    address: '77 Port Rd, Mobile, AL 36602',
    phone: '(251) 555-0106',
    email: 'loads@gulfcoast.example',
  },
  {
    name: 'Southern Forwarding',
    type: 'forwarder',
    address: null,
    phone: '(334) 555-0117',
    email: 'orders@southernfwd.example',
  },
]
