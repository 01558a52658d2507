/** The API's shapes as the browser reads them: one definition with the server, in the domain. */
export type {
  ApiContact,
  ApiProduct,
  ApiProductDetails,
  ApiStoreInfo as StoreInfo,
  ApiTopping,
  ApiUser,
} from '../../domain';
