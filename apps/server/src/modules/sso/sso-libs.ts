/**
 * The SAML and XML libraries (@node-saml/node-saml with xml-crypto, xml-encryption, xmlbuilder, xml2js, and
 * @xmldom/xmldom: about 130 modules) are loaded on the first SSO request, not by every start of the server:
 * most companies never use SSO, and a start spent a tenth of its module loading on them.
 */
export type SamlLib = typeof import('@node-saml/node-saml');
export type XmlDomLib = typeof import('@xmldom/xmldom');

export const loadSaml = (): Promise<SamlLib> => import('@node-saml/node-saml');
export const loadXmlDom = (): Promise<XmlDomLib> => import('@xmldom/xmldom');
