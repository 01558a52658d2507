/** The API's shapes as the browser reads them (dollars, `_id`). */
export interface ApiProductDetails {
  sizes?: string[];
  sizePrices?: Record<string, number>;
  sizeDescriptions?: Record<string, string>;
  wingsFlavors?: string[];
  Flavors?: string[];
  sides?: string[];
  drinks?: string[];
  pizzas?: number;
  toppingsPerPizza?: number;
  extraToppingPrice?: number;
}

export interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  image: string;
  price: number;
  description: string;
  soldOut: boolean;
  details?: ApiProductDetails;
}

export interface ApiTopping {
  _id: string;
  name: string;
  soldOut: boolean;
}

export interface StoreInfo {
  name: string;
  phone: string;
  pickupAddress: string;
  hoursText: string;
  deliveryFee: number;
  storeOpen: boolean;
  googleClientId: string | null;
  mapsApiKey: string | null;
}

export interface ApiContact {
  _id: string;
  phone: string;
  address: string;
  isDefault: boolean;
}

export interface ApiUser {
  _id: string;
  name: string;
  email: string;
  contacts: ApiContact[];
}
